import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { createDb, type DbHandle } from '../../src/db/create-db.js';
import { isSchemaCurrent, migrateToLatest } from '../../src/db/migrate.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';

// Start-up skips the migrator when isSchemaCurrent says so (main.ts): it must never say so of a
// schema that is missing a migration.
describe.each(ENGINES)('the start-up schema check on %s', (engine) => {
  let database: TestDatabase;
  let handle: DbHandle;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    handle = createDb(loadConfig({ COFRE_DATABASE_URL: database.url }).database);
  });
  afterAll(async () => {
    await handle.destroy();
    await database.drop();
  });

  it('answers false on an empty database, true once every migration is applied', async () => {
    expect(await isSchemaCurrent(handle.db)).toBe(false);
    await migrateToLatest(handle.db);
    expect(await isSchemaCurrent(handle.db)).toBe(true);
  });

  it('answers false when one migration is not recorded as applied', async () => {
    const last = await handle.db
      .selectFrom('cofre_migrations' as never)
      .select('name' as never)
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const name = (last as { name: string }).name;
    await handle.db
      .deleteFrom('cofre_migrations' as never)
      .where('name' as never, '=', name as never)
      .execute();
    expect(await isSchemaCurrent(handle.db)).toBe(false);
  });
});
