import type { Db } from '../../../db/database.js';
import { transact } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import { ensureStandingJob, type JobHandler } from '../../../jobs/index.js';
import { ensureChain } from '../evm-addresses.repository.js';
import { recordRun, type WatchState } from '../rail-job-runs.repository.js';
import { watchOnce, WrongChainError, type WatchContext } from './watch-chain.js';

/** Longest wait between runs while the node fails (down, slow, on another chain). */
const MAX_BACKOFF_MS = 60_000;

/**
 * The watcher's one job per network: a fixed id (the shape of a job id, lib/ids.ts), so every
 * worker that starts can make sure it exists and a claim leases it to one worker at a time —
 * one worker works a chain cursor (docs/rails.md).
 */
export function watchJobId(network: EvmNetwork): string {
  return `job_0000EVMWATCH${network === 'ETHEREUM' ? '00000000000001' : '00000000000002'}`;
}

/** Worker start: the network's row and its watcher job exist (a parked one is revived). */
export async function scheduleWatch(db: Db, network: EvmNetwork, now: number): Promise<void> {
  const id = watchJobId(network);
  await ensureChain(db, network, now);
  await ensureStandingJob(db, { id, kind: 'rail.evm.watch', subjectId: network, now });
}

export type { WatchState } from '../rail-job-runs.repository.js';

/**
 * `rail.evm.watch`: one run, then the job is put back — due at once while blocks remain, after
 * COFRE_EVM_POLL_MS once caught up. A failing node never parks the job (the job queue parks
 * after repeated throws): the run is caught here and retried after a growing delay, up to a
 * minute, logged once per failure; nothing is credited or sent on a guess meanwhile.
 */
export function watchHandler(ctx: WatchContext, pollMs: number, state: WatchState): JobHandler {
  return async (job) => {
    let next: number;
    let failed: unknown;
    try {
      const outcome = await watchOnce(ctx, job);
      if (outcome === 'lost') return;
      state.failures = 0;
      state.lastError = undefined;
      next = outcome === 'more' ? ctx.clock.now() : ctx.clock.now() + pollMs;
    } catch (error) {
      failed = error;
      state.failures++;
      state.lastError = error instanceof Error ? error.message : String(error);
      const wrongChain = error instanceof WrongChainError;
      ctx.logger[wrongChain ? 'error' : 'warn'](
        { err: error, network: ctx.network, failures: state.failures },
        wrongChain
          ? 'EVM rail: the node is on another chain; nothing is read or sent until it is fixed'
          : 'EVM rail: the node failed; the watcher retries with backoff',
      );
      next = ctx.clock.now() + Math.min(MAX_BACKOFF_MS, pollMs * 2 ** Math.min(state.failures, 16));
    }
    const at = ctx.clock.now();
    await transact(ctx.db, async (tx) => {
      await recordRun(tx.trx, { network: ctx.network, job: 'watch', state, error: failed, at });
      return ctx.queue.reschedule(tx.trx, job, next);
    });
  };
}
