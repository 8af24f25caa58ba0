import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { Asset } from '../lib/money.js';
import type { Bucket } from './ledger.tables.js';

/** One way the stored ledger disagrees with itself. */
export type LedgerDifference =
  | {
      kind: 'BALANCE_MISMATCH';
      accountId: string;
      asset: Asset;
      bucket: Bucket;
      /** The value in ledger_balances. */
      stored: bigint;
      /** Σ credits − Σ debits of the row's entries in this bucket. */
      fromEntries: bigint;
    }
  | { kind: 'UNBALANCED_JOURNAL'; journalId: string; asset: Asset; difference: bigint }
  | { kind: 'HOLDS_MISMATCH'; accountId: string; asset: Asset; pending: bigint; held: bigint };

// Sums are PostgreSQL numeric (no int8 overflow however many entries), read as bigint under a
// money column name (db/int64-columns.ts MONEY_COLUMNS: `net`, `held`).
const NET = sql<bigint>`coalesce(sum(case when direction = 'CREDIT' then amount else -amount end), 0)`;

/**
 * Recomputes the ledger from its entries and lists every difference; [] means clean.
 * - every balance row (available and pending) equals Σ of its entries;
 * - every journal sums to zero per asset;
 * - every customer row's pending equals the sum of its HELD holds.
 * Read-only. It reads the whole ledger, so it is an operator's and a test's tool, not a
 * request path. Run it with `cofre ledger verify`.
 */
export async function verifyLedger(db: Db): Promise<LedgerDifference[]> {
  // One snapshot for all four reads (PostgreSQL: repeatable read; SQLite: one read transaction),
  // so concurrent postings cannot show up as false differences.
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const differences: LedgerDifference[] = [];
      const balances = await trx
        .selectFrom('ledger_balances')
        .select(['account_id', 'asset', 'kind', 'available', 'pending'])
        .orderBy('account_id')
        .orderBy('asset')
        .execute();
      const nets = await trx
        .selectFrom('ledger_entries')
        .select(['account_id', 'asset', 'bucket', NET.as('net')])
        .groupBy(['account_id', 'asset', 'bucket'])
        .execute();
      const netOf = new Map(nets.map((n) => [`${n.account_id}|${n.asset}|${n.bucket}`, n.net]));
      const heldRows = await trx
        .selectFrom('ledger_holds')
        .select(['account_id', 'asset', sql<bigint>`coalesce(sum(amount), 0)`.as('held')])
        .where('status', '=', 'HELD')
        .groupBy(['account_id', 'asset'])
        .execute();
      const heldOf = new Map(heldRows.map((h) => [`${h.account_id}|${h.asset}`, h.held]));

      for (const row of balances) {
        for (const bucket of ['AVAILABLE', 'PENDING'] as const) {
          const key = `${row.account_id}|${row.asset}|${bucket}`;
          const stored = bucket === 'AVAILABLE' ? row.available : row.pending;
          const fromEntries = netOf.get(key) ?? 0n;
          if (stored !== fromEntries) {
            differences.push({
              kind: 'BALANCE_MISMATCH',
              accountId: row.account_id,
              asset: row.asset,
              bucket,
              stored,
              fromEntries,
            });
          }
        }
        if (row.kind === 'CUSTOMER') {
          const held = heldOf.get(`${row.account_id}|${row.asset}`) ?? 0n;
          if (held !== row.pending) {
            differences.push({
              kind: 'HOLDS_MISMATCH',
              accountId: row.account_id,
              asset: row.asset,
              pending: row.pending,
              held,
            });
          }
        }
      }

      const unbalanced = await trx
        .selectFrom('ledger_entries')
        .select(['journal_id', 'asset', NET.as('net')])
        .groupBy(['journal_id', 'asset'])
        .having(sql`sum(case when direction = 'CREDIT' then amount else -amount end)`, '<>', 0)
        .orderBy('journal_id')
        .execute();
      for (const j of unbalanced) {
        differences.push({
          kind: 'UNBALANCED_JOURNAL',
          journalId: j.journal_id,
          asset: j.asset,
          difference: j.net,
        });
      }
      return differences;
    });
}
