import { houseBalance } from '../../src/ledger/balances.repository.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import {
  captureHold,
  getBalances,
  InsufficientFundsError,
  openBalances,
  placeHold,
  releaseHold,
} from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { SYSTEM_ACCOUNTS } from '../../src/ledger/system-accounts.js';
import { ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('ledger holds and verification on %s', (engine) => {
  const at = () => Date.now();

  const t = useTestApp(engine);

  const hold = async (accountId: string, amount: bigint) => {
    const result = await transact(t.handle.db, ({ trx }) =>
      placeHold(trx, {
        accountId,
        asset: 'BRL',
        amount,
        operationId: 'op_x',
        description: 'Withdrawal',
        at: at(),
      }),
    );
    return result;
  };
  const entriesOf = (accountId: string) =>
    t.handle.db
      .selectFrom('ledger_entries')
      .select(['bucket', 'direction', 'amount', 'balance_after'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();

  it('opens balances idempotently', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL', 'BTC']);
    await transact(t.handle.db, ({ trx }) =>
      openBalances(trx, { accountId, assets: ['BTC', 'USDT'], at: at() }),
    );
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 0n, pending: 0n },
      { asset: 'USDT', available: 0n, pending: 0n },
      { asset: 'BTC', available: 0n, pending: 0n },
    ]);
  });

  it('captures a hold once: pending → clearing; a second capture or a release moves nothing', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 500n });
    const holdId = await hold(accountId, 200n);
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 300n, pending: 200n },
    ]);
    const settle = (fn: typeof captureHold) =>
      transact(t.handle.db, ({ trx }) => fn(trx, { holdId, at: at() }));
    expect(await settle(captureHold)).toBe(true);
    const entries = await entriesOf(accountId);
    expect(await settle(captureHold)).toBe(false);
    expect(await settle(releaseHold)).toBe(false);
    expect(await entriesOf(accountId)).toEqual(entries);
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 300n, pending: 0n },
    ]);
    // Each entry records its bucket's value after it: deposit, hold (two sides), capture.
    expect(entries).toEqual([
      { bucket: 'AVAILABLE', direction: 'CREDIT', amount: 500n, balance_after: 500n },
      { bucket: 'AVAILABLE', direction: 'DEBIT', amount: 200n, balance_after: 300n },
      { bucket: 'PENDING', direction: 'CREDIT', amount: 200n, balance_after: 200n },
      { bucket: 'PENDING', direction: 'DEBIT', amount: 200n, balance_after: 0n },
    ]);
    const row = await t.handle.db
      .selectFrom('ledger_holds')
      .select(['status', 'settle_journal_id'])
      .where('id', '=', holdId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('CAPTURED');
    expect(row.settle_journal_id).toMatch(/^jrn_/);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('releases a hold once: pending → available; then capture is refused', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 100n });
    const holdId = await hold(accountId, 100n);
    const results = await Promise.all(
      [releaseHold, releaseHold, captureHold].map((fn) =>
        transact(t.handle.db, ({ trx }) => fn(trx, { holdId, at: at() })),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const status = await t.handle.db
      .selectFrom('ledger_holds')
      .select('status')
      .where('id', '=', holdId)
      .executeTakeFirstOrThrow();
    const expected =
      status.status === 'RELEASED'
        ? { asset: 'BRL', available: 100n, pending: 0n }
        : { asset: 'BRL', available: 0n, pending: 0n };
    expect(await getBalances(t.handle.db, accountId)).toEqual([expected]);
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses a hold above available and moves nothing', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 50n });
    const placing = transact(t.handle.db, ({ trx }) =>
      placeHold(trx, {
        accountId,
        asset: 'BRL',
        amount: 51n,
        operationId: null,
        description: 'Too much',
        at: at(),
      }),
    );
    await expect(placing).rejects.toThrow(InsufficientFundsError);
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 50n, pending: 0n },
    ]);
    expect(await entriesOf(accountId)).toHaveLength(1);
  });

  it('lets the clearing account go negative and keeps every asset summing to zero', async () => {
    const clearing = await houseBalance(t.handle.db, SYSTEM_ACCOUNTS.clearing, 'BRL');
    expect(clearing.available).toBeLessThan(0);
    const sums = await t.handle.db
      .selectFrom('ledger_balances')
      .select(['asset', 'available', 'pending'])
      .execute();
    const total = sums
      .filter((r) => r.asset === 'BRL')
      .reduce((s, r) => s + r.available + r.pending, 0n);
    expect(total).toBe(0n);
  });

  it('reports a tampered balance row, a tampered pending and an unbalanced journal', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 70n });
    expect(await verifyLedger(t.handle.db)).toEqual([]);
    await t.handle.db
      .updateTable('ledger_balances')
      .set({ available: 75n, pending: 5n })
      .where('account_id', '=', accountId)
      .execute();
    const entry = await t.handle.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    // A forged line slipped into an existing journal (entries cannot be edited, only added).
    const forge = (id: string, direction: 'CREDIT' | 'DEBIT') =>
      t.handle.db
        .insertInto('ledger_entries')
        .values({ ...entry, id, direction, amount: 1n })
        .execute();
    await forge('ent_forged_1', 'CREDIT');
    const differences = await verifyLedger(t.handle.db);
    expect(differences).toEqual(
      expect.arrayContaining([
        {
          kind: 'BALANCE_MISMATCH',
          accountId,
          asset: 'BRL',
          bucket: 'AVAILABLE',
          stored: 75n,
          fromEntries: 71n,
        },
        {
          kind: 'BALANCE_MISMATCH',
          accountId,
          asset: 'BRL',
          bucket: 'PENDING',
          stored: 5n,
          fromEntries: 0n,
        },
        { kind: 'HOLDS_MISMATCH', accountId, asset: 'BRL', pending: 5n, held: 0n },
        { kind: 'UNBALANCED_JOURNAL', journalId: entry.journal_id, asset: 'BRL', difference: 1n },
      ]),
    );
    expect(differences).toHaveLength(4);
    // Undo it the only way the ledger allows, a compensating line, so later tests see it clean.
    await forge('ent_forged_2', 'DEBIT');
    await t.handle.db
      .updateTable('ledger_balances')
      .set({ available: 70n, pending: 0n })
      .where('account_id', '=', accountId)
      .execute();
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('refuses to update or delete an entry or a journal', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 10n });
    const entry = await t.handle.db
      .selectFrom('ledger_entries')
      .select(['id', 'journal_id'])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    const attempts = [
      t.handle.db.updateTable('ledger_entries').set({ amount: 11n }).where('id', '=', entry.id),
      t.handle.db.deleteFrom('ledger_entries').where('id', '=', entry.id),
      t.handle.db
        .updateTable('ledger_journals')
        .set({ description: 'rewritten' })
        .where('id', '=', entry.journal_id),
      t.handle.db.deleteFrom('ledger_journals').where('id', '=', entry.journal_id),
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute()).rejects.toThrow(/immutable/);
    }
    expect(await verifyLedger(t.handle.db)).toEqual([]);
  });

  it('fails a read of an int8 beyond 2^53 instead of rounding it (PostgreSQL reader)', async () => {
    if (engine !== 'postgres') return;
    const { rows } = await sql<{ v: number }>`select cast(9007199254740991 as bigint) as v`.execute(
      t.handle.db,
    );
    expect(rows[0]!.v).toBe(Number.MAX_SAFE_INTEGER);
    await expect(
      sql`select cast(9007199254740993 as bigint) as v`.execute(t.handle.db),
    ).rejects.toThrow(/not a safe integer/);
  });

  it('stores and reads a balance beyond 2^53 exactly (either engine)', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL']);
    const set = (available: bigint) =>
      t.handle.db
        .updateTable('ledger_balances')
        .set({ available })
        .where('account_id', '=', accountId)
        .execute();
    await set(9007199254740993n);
    expect(await getBalances(t.handle.db, accountId)).toEqual([
      { asset: 'BRL', available: 9007199254740993n, pending: 0n },
    ]);
    await set(0n); // back to what its entries say, for the verifications after this test
  });

  it('refuses to store a negative customer balance even when code skips the guard', async () => {
    const accountId = await ledgerAccount(t.handle.db, ['BRL']);
    await expect(
      t.handle.db
        .updateTable('ledger_balances')
        .set({ available: -1n })
        .where('account_id', '=', accountId)
        .execute(),
    ).rejects.toThrow(/check|constraint/i);
  });
});
