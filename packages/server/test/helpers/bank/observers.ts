import { sql } from 'kysely';
import type { Db } from '../../../src/db/database.js';
import type { Asset } from '../../../src/lib/money.js';
import type { Rng } from './rng.js';
import { minorOf, type BankAccount, type BankWorld } from './world.js';

/**
 * What the bank test's readers saw while the operations ran: balance reads through the API and
 * snapshot sums of the whole ledger through one query. The checks (checks.ts) judge them after.
 */

/** One asset of one GET /v1/accounts/{id}/balances, by the reader that made it, in its order. */
export interface BalanceRead {
  reader: string;
  /** The reader's sequence number: a later read started after this one returned. */
  seq: number;
  /** performance.now() when the request was sent (for the real-time check). */
  startedAt: number;
  accountId: string;
  asset: Asset;
  available: bigint;
  pending: bigint;
}

/** One statement over every ledger_balances row (system accounts included), per asset. */
export interface SnapshotSum {
  asset: Asset;
  /** Σ (available + pending): zero, since every journal sums to zero per asset. */
  total: number;
  /** The lowest customer available / pending in the snapshot (null: no customer row). */
  minAvailable: number | null;
  minPending: number | null;
}

/** GET /v1/accounts/{id}/balances of `account`, every asset, as BalanceReads. */
export async function readBalances(
  { t }: BankWorld,
  account: BankAccount,
  reader: string,
  seq: number,
): Promise<BalanceRead[]> {
  const startedAt = performance.now();
  const res = await t.as(account.customer.token, {
    method: 'GET',
    url: `/v1/accounts/${account.id}/balances`,
  });
  if (res.statusCode !== 200) throw new Error(`balances: ${res.statusCode} ${res.body}`);
  return res
    .json<{ data: { asset: Asset; available: string; pending: string }[] }>()
    .data.map((b) => ({
      reader,
      seq,
      startedAt,
      accountId: account.id,
      asset: b.asset,
      available: minorOf(b.available),
      pending: minorOf(b.pending),
    }));
}

/** The per-asset sums of the whole ledger in one statement (so one snapshot on both engines). */
export async function snapshotSums(db: Db): Promise<SnapshotSum[]> {
  const rows = await db
    .selectFrom('ledger_balances')
    .select([
      'asset',
      sql<number>`cast(sum(available + pending) as bigint)`.as('total'),
      sql<number | null>`cast(min(case when kind = 'CUSTOMER' then available end) as bigint)`.as(
        'minAvailable',
      ),
      sql<number | null>`cast(min(case when kind = 'CUSTOMER' then pending end) as bigint)`.as(
        'minPending',
      ),
    ])
    .groupBy('asset')
    .execute();
  return rows.map((r) => ({
    asset: r.asset,
    total: Number(r.total),
    minAvailable: r.minAvailable === null ? null : Number(r.minAvailable),
    minPending: r.minPending === null ? null : Number(r.minPending),
  }));
}

/** Runs `read` in a loop until `stop()` says so, yielding between reads; returns how many ran. */
export async function readUntil(stop: () => boolean, read: () => Promise<void>): Promise<number> {
  let count = 0;
  while (!stop()) {
    await read();
    count += 1;
    // A better-sqlite3 query resolves without ever leaving the microtask queue: without this
    // turn of the event loop, a reader would starve the requests and timers it runs beside.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return count;
}

/** A balance reader: random accounts, one at a time, each read numbered in order. */
export function balanceReader(
  world: BankWorld,
  name: string,
  rng: Rng,
  reads: BalanceRead[],
  stop: () => boolean,
): Promise<number> {
  let seq = 0;
  return readUntil(stop, async () => {
    reads.push(...(await readBalances(world, rng.pick(world.accounts), name, seq)));
    seq += 1;
  });
}
