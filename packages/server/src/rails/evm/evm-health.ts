import type { EvmNetwork } from '../../config/rails-config.js';
import type { Db } from '../../db/database.js';
import { PAYOUT_WAITS, type PayoutWait, type RailHealth, type RailState } from '../rail.js';
import { PAYOUT_STATUSES } from './evm.tables.js';

/**
 * A watcher whose last run is older than this is not keeping up (no worker runs it, or one is
 * stuck): its runs come every COFRE_EVM_POLL_MS, and at least every minute while the node fails.
 */
export const STALE_AFTER_MS = 5 * 60_000;

/**
 * The EVM rail's health from the database alone (docs/rails.md "Health"): the watcher's cursor
 * and the head it last saw, the payouts by status and why queued ones wait, and the failures the
 * watcher and payouts jobs recorded (rail-job-runs.repository.ts). A few small reads: the
 * payouts are counted through their (network, status) index.
 */
export async function evmHealth(
  db: Db,
  input: { rail: string; network: EvmNetwork; confirmations: number; now: number },
): Promise<RailHealth> {
  const chain = await db
    .selectFrom('rail_evm_chains')
    .selectAll()
    .where('network', '=', input.network)
    .executeTakeFirst();
  const counts = await db
    .selectFrom('rail_evm_payouts')
    .select(['status', 'waiting', (eb) => eb.fn.countAll<number>().as('count')])
    .where('network', '=', input.network)
    .groupBy(['status', 'waiting'])
    .execute();
  const payouts = Object.fromEntries(PAYOUT_STATUSES.map((s) => [s, 0])) as Record<string, number>;
  const waiting = Object.fromEntries(PAYOUT_WAITS.map((w) => [w, 0])) as Record<PayoutWait, number>;
  for (const row of counts) {
    payouts[row.status] = (payouts[row.status] ?? 0) + Number(row.count);
    if (row.status === 'QUEUED' && row.waiting && row.waiting in waiting)
      waiting[row.waiting as PayoutWait] += Number(row.count);
  }
  const head = chain?.head_block ?? null;
  const cursor = chain?.cursor_block ?? null;
  const lagBlocks = head !== null && cursor !== null ? Math.max(0, head - cursor) : null;
  const jobs = {
    watch: job(chain?.watch_failures, chain?.watch_error, chain?.watch_error_at),
    payouts: job(chain?.payouts_failures, chain?.payouts_error, chain?.payouts_error_at),
  };
  const stale = !chain?.head_seen_at || input.now - chain.head_seen_at > STALE_AFTER_MS;
  return {
    rail: input.rail,
    network: input.network,
    state: stateOf({ jobs, lagBlocks, stale, confirmations: input.confirmations }),
    head,
    headSeenAt: chain?.head_seen_at ?? null,
    cursor,
    lagBlocks,
    confirmations: input.confirmations,
    payouts,
    waiting,
    jobs,
  };
}

const job = (
  failures: number | undefined,
  error: string | null | undefined,
  at: number | null | undefined,
) => ({ failures: failures ?? 0, lastError: error ?? null, lastErrorAt: at ?? null });

/** The worst that holds: a wrong chain, then a failing node, then a watcher behind. */
function stateOf(input: {
  jobs: Record<string, ReturnType<typeof job>>;
  lagBlocks: number | null;
  stale: boolean;
  confirmations: number;
}): RailState {
  const failing = Object.values(input.jobs).filter((j) => j.failures > 0);
  if (failing.some((j) => j.lastError?.startsWith('WrongChainError'))) return 'wrong-chain';
  if (failing.length > 0) return 'node-failing';
  if (input.stale || (input.lagBlocks ?? 0) > input.confirmations) return 'lagging';
  return 'ok';
}
