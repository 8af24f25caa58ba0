import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ledgerAccount } from '../../server/test/helpers/ledger.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';
import { cofre } from './helpers/run-cli.js';

// Issue 7 point 1: `npx cofre ledger verify` runs the reconciliation and exits non-zero on any
// difference.
describe.each(ENGINES)('cofre ledger verify on %s', (engine) => {
  let t: TestApp;
  let env: Record<string, string>;
  let accountId: string;

  beforeAll(async () => {
    t = await createTestApp(engine);
    env = { COFRE_DATABASE_URL: t.database.url, COFRE_LOG_LEVEL: 'silent' };
    accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 1_000n });
  });
  afterAll(() => t.close());

  it('says clean and exits 0 on a consistent ledger', async () => {
    const run = await cofre(['ledger', 'verify'], env);
    expect(run.code).toBe(0);
    expect(run.out).toEqual(['ledger clean: every balance matches its entries']);
    const json = await cofre(['ledger', 'verify', '--json'], env);
    expect(JSON.parse(json.out[0]!)).toEqual({ clean: true, differences: [] });
  });

  it('prints a tampered balance and exits 1', async () => {
    await t.handle.db
      .updateTable('ledger_balances')
      .set({ available: 1_001n })
      .where('account_id', '=', accountId)
      .execute();
    const run = await cofre(['ledger', 'verify'], env);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([
      `BALANCE_MISMATCH  ${accountId}  BRL  AVAILABLE  stored=1001  fromEntries=1000`,
      '1 difference(s)',
    ]);
    const json = await cofre(['ledger', 'verify', '--json'], env);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out[0]!)).toEqual({
      clean: false,
      differences: [
        {
          kind: 'BALANCE_MISMATCH',
          accountId,
          asset: 'BRL',
          bucket: 'AVAILABLE',
          stored: '1001',
          fromEntries: '1000',
        },
      ],
    });
  });
});
