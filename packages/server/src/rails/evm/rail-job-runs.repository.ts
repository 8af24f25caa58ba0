import type { EvmNetwork } from '../../config/rails-config.js';
import type { Trx } from '../../db/transact.js';
import { nodeErrorText } from './node-error-text.js';

/** The rail's jobs that record how their runs go (rail_evm_chains, migration 0026). */
export type RailJobName = 'watch' | 'payouts';

/** How a job's runs are going in this process; `recorded`: the database may hold a failure. */
export interface WatchState {
  failures: number;
  lastError: string | undefined;
  recorded: boolean;
}

export const freshWatchState = (): WatchState => ({
  failures: 0,
  lastError: undefined,
  // A previous process may have left a failure recorded: the first run that works clears it.
  recorded: true,
});

/**
 * Writes how the run went, in the transaction that puts the job back: a failure (the count and
 * its error, named by its class so a wrong chain is told apart), or, on the first run that works
 * after one, the record cleared. A run that works after another that worked writes nothing, so
 * a poll every few seconds costs no extra write.
 */
export async function recordRun(
  trx: Trx,
  input: { network: EvmNetwork; job: RailJobName; state: WatchState; error?: unknown; at: number },
): Promise<void> {
  const { job, state } = input;
  if (input.error === undefined) {
    if (!state.recorded) return;
    await trx
      .updateTable('rail_evm_chains')
      .set(columns(job, 0, null, null))
      .where('network', '=', input.network)
      .execute();
    state.recorded = false;
    return;
  }
  state.recorded = true;
  await trx
    .updateTable('rail_evm_chains')
    .set(columns(job, state.failures, nodeErrorText(input.error), input.at))
    .where('network', '=', input.network)
    .execute();
}

function columns(job: RailJobName, failures: number, error: string | null, at: number | null) {
  return job === 'watch'
    ? { watch_failures: failures, watch_error: error, watch_error_at: at }
    : { payouts_failures: failures, payouts_error: error, payouts_error_at: at };
}
