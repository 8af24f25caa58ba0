import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { placeHoldAtOnce, placeHoldStepByStep, type Movement } from '../../src/ledger/ledger.js';
import { verifyLedger } from '../../src/ledger/verify-ledger.js';
import { holdOutcome, ledgerAccount } from '../helpers/ledger.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

// PostgreSQL places a hold in one statement (ledger/place-hold-in-one-statement.ts); it must
// write exactly what the step-by-step path writes on every engine, ids aside.
describe.each(ENGINES.filter((e) => e === 'postgres'))(
  'a hold in one statement on %s',
  (engine) => {
    const t = useTestApp(engine);

    const rowsOf = async (accountId: string) => {
      const db = t.handle.db;
      const entries = await db
        .selectFrom('ledger_entries')
        .select([
          'asset',
          'bucket',
          'direction',
          'amount',
          'balance_after',
          'operation_id',
          'description',
          'created_at',
          'position',
          'journal_id',
        ])
        .where('account_id', '=', accountId)
        .orderBy('position')
        .execute();
      const journals = await db
        .selectFrom('ledger_journals')
        .select(['id', 'kind', 'operation_id', 'description', 'created_at'])
        .where('id', 'in', [...new Set(entries.map((e) => e.journal_id))])
        .orderBy('id')
        .execute();
      const holds = await db
        .selectFrom('ledger_holds')
        .select(['asset', 'amount', 'status', 'operation_id', 'hold_journal_id', 'created_at'])
        .where('account_id', '=', accountId)
        .execute();
      const balance = await db
        .selectFrom('ledger_balances')
        .select(['available', 'pending', 'version', 'updated_at'])
        .where('account_id', '=', accountId)
        .execute();
      // Every hold names the journal whose entries moved its money.
      for (const hold of holds) {
        expect(journals.map((j) => j.id)).toContain(hold.hold_journal_id);
      }
      const strip = <T extends object>(rows: T[], ...keys: string[]) =>
        rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k))));
      return {
        entries: strip(entries, 'journal_id'),
        journals: strip(journals, 'id'),
        holds: strip(holds, 'hold_journal_id'),
        balance,
      };
    };

    it('writes the same balance, journal, entries and hold as the step-by-step path, and nothing when refused', async () => {
      const [a, b] = await Promise.all([
        ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 10_000n }),
        ledgerAccount(t.handle.db, ['BRL'], { asset: 'BRL', amount: 10_000n }),
      ]);
      // After both deposits, so each row's booking time is `at` on both paths.
      const at = Date.now() + 1_000;
      const movement = (accountId: string, amount: bigint): Movement => ({
        accountId,
        asset: 'BRL',
        amount,
        operationId: 'op_same',
        description: 'Withdrawal',
        at,
      });
      for (const amount of [2_500n, 7_500n, 1n]) {
        const stepByStep = await holdOutcome(
          transact(t.handle.db, ({ trx }) => placeHoldStepByStep(trx, movement(a, amount))),
        );
        const atOnce = await holdOutcome(
          transact(t.handle.db, ({ trx }) => placeHoldAtOnce(trx, movement(b, amount))),
        );
        expect(atOnce.kind).toBe(stepByStep.kind);
      }
      // The third hold found nothing left: refused on both, nothing written on either.
      const [left, right] = [await rowsOf(a), await rowsOf(b)];
      // Deposit times differ by a little; compare everything after the deposit entries.
      const holdsOnly = (rows: Awaited<ReturnType<typeof rowsOf>>) => ({
        ...rows,
        entries: rows.entries
          .filter((e) => e.description === 'Withdrawal')
          .map((e) => ({ ...e, position: String(e.position).slice(15) })),
        journals: rows.journals.filter((j) => j.description === 'Withdrawal'),
        balance: rows.balance.map((r) => ({ ...r, updated_at: undefined })),
      });
      expect(holdsOnly(right)).toEqual(holdsOnly(left));
      expect(right.entries.filter((e) => e.description === 'Withdrawal')).toHaveLength(4);
      expect(right.holds).toHaveLength(2);
      expect(right.balance[0]).toMatchObject({ available: 0n, pending: 10_000n });
      expect(await verifyLedger(t.handle.db)).toEqual([]);
    });

    it('throws, rather than refusing as an overdraft, for a balance row that does not exist', async () => {
      await expect(
        transact(t.handle.db, ({ trx }) =>
          placeHoldAtOnce(trx, {
            accountId: 'acc_never_opened',
            asset: 'BRL',
            amount: 1n,
            operationId: null,
            description: 'Withdrawal',
            at: Date.now(),
          }),
        ),
      ).rejects.toThrow(/no balance row/);
    });
  },
);
