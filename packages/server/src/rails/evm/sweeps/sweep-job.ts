import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import { ensureStandingJob, type Job, type JobHandler } from '../../../jobs/index.js';
import type { WatchState } from '../watcher/watch-job.js';
import { WrongChainError } from '../watcher/watch-chain.js';
import { findSweeps } from './find-sweeps.js';
import { broadcastSigned, signFunded } from './send-sweeps.js';
import { SWEEP_EVERY_MS, type SweepContext } from './sweep-context.js';
import { sweepJobId } from './sweep-job-id.js';
import { anyUnfinished, lastLook, recordLook } from './sweeps.repository.js';
import { trackSent } from './track-sweeps.js';

/** Longest wait between runs while the node fails. */
const MAX_BACKOFF_MS = 60_000;

/** Worker start, with both keys configured: the sweep job of the network exists (a parked one is revived). */
export async function scheduleSweeps(db: Db, network: EvmNetwork, now: number): Promise<void> {
  const id = sweepJobId(network);
  await ensureStandingJob(db, { id, kind: 'rail.evm.sweep', subjectId: network, now });
}

/**
 * `rail.evm.sweep`, one per network: each run looks for balances to sweep (at most every
 * SWEEP_EVERY_MS; find-sweeps.ts), signs the transfers of funded sweeps, sends signed ones and
 * follows sent ones (send-sweeps.ts, track-sweeps.ts); the hot wallet's funding leg is the
 * payouts job's (fund-sweeps.ts). While a sweep is under way it runs again a poll later, else
 * SWEEP_EVERY_MS later. Like the watcher and payouts it never parks: a failing node is retried
 * after a growing delay, and nothing is signed or sent on a guess.
 */
export function sweepHandler(ctx: SweepContext, pollMs: number, state: WatchState): JobHandler {
  return async (job) => {
    let next = ctx.clock.now() + SWEEP_EVERY_MS;
    try {
      if (ctx.keys && ctx.hotWallet) {
        const ran = await sweepOnce(ctx, job, pollMs);
        if (ran === 'lost') return;
        next = ran;
      }
      // Else the keys were removed from the configuration since the job was queued: nothing
      // can be signed, and it looks again later.
      state.failures = 0;
      state.lastError = undefined;
    } catch (error) {
      state.failures++;
      state.lastError = error instanceof Error ? error.message : String(error);
      ctx.logger[error instanceof WrongChainError ? 'error' : 'warn'](
        { err: error, network: ctx.network, failures: state.failures },
        'EVM rail: sweeps could not go on; retrying with backoff',
      );
      next = ctx.clock.now() + Math.min(MAX_BACKOFF_MS, pollMs * 2 ** Math.min(state.failures, 16));
    }
    await transact(ctx.db, (tx) => ctx.queue.reschedule(tx.trx, job, next));
  };
}

/**
 * One run: a look for balances when the last one (stored, so every worker and restart agrees)
 * is SWEEP_EVERY_MS old, then the sweeps under way moved on. Returns when to run next, or
 * 'lost' when the lease was.
 */
async function sweepOnce(ctx: SweepContext, job: Job, pollMs: number): Promise<number | 'lost'> {
  const chainId = await ctx.node.chainId();
  if (chainId !== ctx.chainId) {
    throw new WrongChainError(
      `the node at COFRE_EVM_RPC_URL reports chain id ${chainId}, not COFRE_EVM_CHAIN_ID ${ctx.chainId}`,
    );
  }
  const now = ctx.clock.now();
  let lookedAt = await lastLook(ctx.db, ctx.network);
  if (lookedAt === undefined || now - lookedAt >= SWEEP_EVERY_MS) {
    if (!(await findSweeps(ctx, job))) return 'lost';
    const recorded = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await recordLook(tx.trx, ctx.network, now);
      return true;
    });
    if (!recorded) return 'lost';
    lookedAt = now;
  }
  const held =
    (await signFunded(ctx, job)) &&
    (await broadcastSigned(ctx, job)) &&
    (await trackSent(ctx, job));
  if (!held) return 'lost';
  const due = lookedAt + SWEEP_EVERY_MS;
  return (await anyUnfinished(ctx.db, ctx.network)) ? Math.min(due, ctx.clock.now() + pollMs) : due;
}
