import type { Db } from '../db/database.js';
import type { Trx } from '../db/transact.js';
import type { RailJobHealth } from './rail.js';

/**
 * How each standing job of a rail is doing (rail_job_runs, migration 0028): its consecutive
 * failed runs and the last one's error, for Rail.health — read from the database, so any process
 * can answer. The EVM rail keeps the same figures in rail_evm_chains (migration 0026).
 */
export interface RunState {
  failures: number;
  lastError: string | undefined;
  /** The database may hold a failure: the first run that works clears it. */
  recorded: boolean;
}

export const freshRunState = (): RunState => ({
  failures: 0,
  lastError: undefined,
  recorded: true,
});

/**
 * Written in the transaction that puts the job back: a failure, or — on the first run that works
 * after one — the record cleared. A run that works after one that worked writes nothing, so a
 * poll every few seconds costs no extra write.
 */
export async function recordRailRun(
  trx: Trx,
  input: { rail: string; job: string; state: RunState; error: string | undefined; at: number },
): Promise<void> {
  const { state } = input;
  if (input.error === undefined && !state.recorded) return;
  const failed = input.error !== undefined;
  state.recorded = failed;
  const values = {
    failures: failed ? state.failures : 0,
    last_error: failed ? input.error!.slice(0, 500) : null,
    last_error_at: failed ? input.at : null,
    last_run_at: input.at,
  };
  await trx
    .insertInto('rail_job_runs')
    .values({ rail: input.rail, job: input.job, ...values })
    .onConflict((oc) => oc.columns(['rail', 'job']).doUpdateSet(values))
    .execute();
}

/** Every job's record of one rail, by job name. */
export async function railJobRuns(db: Db, rail: string): Promise<Record<string, RailJobHealth>> {
  const rows = await db.selectFrom('rail_job_runs').selectAll().where('rail', '=', rail).execute();
  return Object.fromEntries(
    rows.map((r) => [
      r.job,
      { failures: r.failures, lastError: r.last_error, lastErrorAt: r.last_error_at },
    ]),
  );
}
