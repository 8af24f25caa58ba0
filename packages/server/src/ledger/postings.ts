import { assertInt64, type Asset } from '../lib/money.js';
import type { Bucket, EntryDirection } from './ledger.tables.js';

/** One line of a journal: move `amount` minor units into or out of a bucket of a balance row. */
export interface Posting {
  accountId: string;
  asset: Asset;
  bucket: Bucket;
  direction: EntryDirection;
  amount: bigint;
}

/** The change one journal makes to one balance row, with the postings that make it. */
export interface RowChange {
  accountId: string;
  asset: Asset;
  available: bigint;
  pending: bigint;
  postings: Posting[];
}

export class UnbalancedJournalError extends Error {
  constructor(
    readonly asset: Asset,
    readonly difference: bigint,
  ) {
    super(`journal does not balance in ${asset}: credits - debits = ${difference}`);
    this.name = 'UnbalancedJournalError';
  }
}

export const signedAmount = (p: Pick<Posting, 'direction' | 'amount'>): bigint =>
  p.direction === 'CREDIT' ? p.amount : -p.amount;

/**
 * Checks a journal and groups it into balance-row changes in lock order.
 * - every amount is an integer > 0 within the int8 range;
 * - per asset, credits equal debits (double entry: money is only ever moved, never made);
 * - rows come sorted by (accountId, asset), the order every transaction updates balance rows
 *   in, so two transactions touching the same rows never wait on each other in a cycle
 *   (a PostgreSQL deadlock).
 */
export function planJournal(postings: readonly Posting[]): RowChange[] {
  if (postings.length === 0) throw new Error('a journal needs at least one posting');
  const perAsset = new Map<Asset, bigint>();
  const rows = new Map<string, RowChange>();
  for (const p of postings) {
    assertInt64(p.amount, 'posting amount');
    if (p.amount <= 0n) throw new RangeError(`posting amount must be > 0, got ${p.amount}`);
    perAsset.set(p.asset, (perAsset.get(p.asset) ?? 0n) + signedAmount(p));
    const key = `${p.accountId}\u0000${p.asset}`;
    const row = rows.get(key) ?? {
      accountId: p.accountId,
      asset: p.asset,
      available: 0n,
      pending: 0n,
      postings: [],
    };
    if (p.bucket === 'AVAILABLE') row.available += signedAmount(p);
    else row.pending += signedAmount(p);
    row.postings.push(p);
    rows.set(key, row);
  }
  for (const [asset, difference] of perAsset) {
    if (difference !== 0n) throw new UnbalancedJournalError(asset, difference);
  }
  return [...rows.values()].sort(
    (a, b) => compare(a.accountId, b.accountId) || compare(a.asset, b.asset),
  );
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Credit `to` and debit `from` by `amount`: the two postings of a simple transfer. */
export function transfer(
  amount: bigint,
  asset: Asset,
  from: { accountId: string; bucket: Bucket },
  to: { accountId: string; bucket: Bucket },
): Posting[] {
  return [
    { ...from, asset, direction: 'DEBIT', amount },
    { ...to, asset, direction: 'CREDIT', amount },
  ];
}

/**
 * The value of each posting's bucket after it, given the row's values after the whole journal
 * (what the conditional UPDATE returns): walk back from the end, then forward.
 */
export function balancesAfter(
  row: RowChange,
  after: { available: bigint; pending: bigint },
): bigint[] {
  const running = {
    AVAILABLE: after.available - row.available,
    PENDING: after.pending - row.pending,
  };
  return row.postings.map((p) => {
    running[p.bucket] += signedAmount(p);
    return running[p.bucket];
  });
}
