import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrate.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Migration 0006 can be rolled back and re-applied on both engines (its triggers and, on
// PostgreSQL, their function included), leaving the system accounts seeded once.
describe.each(ENGINES)('ledger migration on %s', (engine) => {
  const t = useTestApp(engine);

  it('goes down and up again', async () => {
    const migrator = new Migrator({
      db: t.handle.db,
      provider: { getMigrations: () => Promise.resolve(MIGRATIONS) },
      migrationTableName: 'cofre_migrations',
      migrationLockTableName: 'cofre_migrations_lock',
    });
    // Back to before the ledger (and whatever came after it), then forward again.
    const down = await migrator.migrateTo('0005-webhook-key-rotation');
    expect(down.error).toBeUndefined();
    expect(down.results?.map((r) => r.migrationName)).toContain('0006-ledger');
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const system = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['account_id', 'asset'])
      .where('kind', '=', 'SYSTEM')
      .execute();
    // clearing, fees, exchange × 4 assets × 16 rows each (the shards of migration 0021)
    expect(system).toHaveLength(12 * 16);
  });
});
