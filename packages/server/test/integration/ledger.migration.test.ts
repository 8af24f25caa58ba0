'kysely';
import { describe, expect, it } from 'vitest';
import { downAndUpAgain } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// Migration 0006 can be rolled back and re-applied on both engines (its triggers and, on
// PostgreSQL, their function included), leaving the system accounts seeded once.
describe.each(ENGINES)('ledger migration on %s', (engine) => {
  const t = useTestApp(engine);

  it('goes down and up again', async () => {
    // Back to before the ledger (and whatever came after it), then forward again.
    await downAndUpAgain(t.handle.db, '0006-ledger');
    const system = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['account_id', 'asset'])
      .where('kind', '=', 'SYSTEM')
      .execute();
    // clearing, fees, exchange × 4 assets × 16 rows each (the shards of migration 0021)
    expect(system).toHaveLength(12 * 16);
  });
});
