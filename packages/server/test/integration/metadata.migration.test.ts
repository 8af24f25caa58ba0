'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrations/all.js';
import { testMigrator } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Migration 0017 goes down and up again on both engines; rows written before it get `{}`.
describe.each(ENGINES)('metadata migration on %s', (engine) => {
  const t = useTestApp(engine);

  it('goes down and up again, existing accounts reading as metadata {}', async () => {
    const { token } = await t.customer('Migration');
    const migrator = testMigrator(t.handle.db);
    const down = await migrator.migrateTo('0016-events-feed');
    expect(down.error).toBeUndefined();
    // Every migration after 0016 goes down, newest first; 0017 is the last of them.
    const wentDown = down.results?.map((r) => r.migrationName) ?? [];
    expect(wentDown.at(-1)).toBe('0017-metadata');
    expect(wentDown).toEqual(
      Object.keys(MIGRATIONS)
        .filter((name) => name > '0016-events-feed')
        .reverse(),
    );
    // An account opened without the column (as before the migration).
    await t.handle.db
      .insertInto('accounts')
      .values({
        id: 'acc_01JD0000000000000000000001',
        customer_id: (
          await t.handle.db.selectFrom('customers').select('id').executeTakeFirstOrThrow()
        ).id,
        type: 'CHECKING',
        status: 'ACTIVE',
        name: null,
        assets: '[]',
        created_at: 1,
        updated_at: 1,
      } as never)
      .execute();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(up.results?.map((r) => r.migrationName)).toEqual(
      Object.keys(MIGRATIONS).filter((name) => name > '0016-events-feed'),
    );
    const row = await t.handle.db
      .selectFrom('accounts')
      .select('metadata')
      .where('id', '=', 'acc_01JD0000000000000000000001')
      .executeTakeFirstOrThrow();
    expect(row.metadata).toBe('{}');
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING', metadata: { after: 'migration' } },
    });
    expect(res.statusCode, res.body).toBe(201);
    const listed = await t.as(token, {
      method: 'GET',
      url: '/v1/accounts?metadata[after]=migration',
    });
    expect(listed.json().data.map((a: { id: string }) => a.id)).toEqual([res.json().id]);
  });
});
