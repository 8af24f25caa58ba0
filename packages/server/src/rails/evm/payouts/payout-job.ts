import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import { ensureStandingJob, type JobHandler } from '../../../jobs/index.js';
import { recordRun, type WatchState } from '../rail-job-runs.repository.js';
import { WrongChainError } from '../watcher/watch-chain.js';
import { broadcastSigned } from './broadcast-payouts.js';
import type { PayoutContext } from './payout-context.js';
import { payoutJobId } from './payout-intent.js';
import { signQueued } from './sign-payouts.js';
import { trackSent } from './track-payouts.js';
import { fundSweeps } from '../sweeps/fund-sweeps.js';

/** Longest wait between runs while the node fails. */
const MAX_BACKOFF_MS = 60_000;

/** Worker start: the payouts job of the network exists (a parked one is revived). */
export async function schedulePayouts(db: Db, network: EvmNetwork, now: number): Promise<void> {
  const id = payoutJobId(network);
  await ensureStandingJob(db, { id, kind: 'rail.evm.payouts', subjectId: network, now });
}

/**
 * `rail.evm.payouts`, one per network, so one worker at a time holds the hot wallet: each run
 * signs what is queued, sends what is signed, follows what is sent (sign-payouts.ts,
 * broadcast-payouts.ts, track-payouts.ts), then runs again a poll later. As with the watcher, a
 * failing node never parks the job: the run is retried after a growing delay, and nothing is
 * signed or sent on a guess meanwhile.
 */
export function payoutsHandler(ctx: PayoutContext, pollMs: number, state: WatchState): JobHandler {
  return async (job) => {
    let next = ctx.clock.now() + pollMs;
    let failed: unknown;
    try {
      const chainId = await ctx.node.chainId();
      if (chainId !== ctx.chainId) {
        throw new WrongChainError(
          `the node at COFRE_EVM_RPC_URL reports chain id ${chainId}, not COFRE_EVM_CHAIN_ID ${ctx.chainId}`,
        );
      }
      const held =
        (await signQueued(ctx, job)) &&
        (await broadcastSigned(ctx, job)) &&
        (await trackSent(ctx, job)) &&
        // The sweeps' fundings are hot-wallet transactions too: signed here, by its one signer.
        (await fundSweeps(ctx, job));
      if (!held) return;
      state.failures = 0;
      state.lastError = undefined;
    } catch (error) {
      failed = error;
      state.failures++;
      state.lastError = error instanceof Error ? error.message : String(error);
      ctx.logger[error instanceof WrongChainError ? 'error' : 'warn'](
        { err: error, network: ctx.network, failures: state.failures },
        'EVM rail: payouts could not go on; retrying with backoff',
      );
      next = ctx.clock.now() + Math.min(MAX_BACKOFF_MS, pollMs * 2 ** Math.min(state.failures, 16));
    }
    const at = ctx.clock.now();
    await transact(ctx.db, async (tx) => {
      await recordRun(tx.trx, { network: ctx.network, job: 'payouts', state, error: failed, at });
      return ctx.queue.reschedule(tx.trx, job, next);
    });
  };
}
