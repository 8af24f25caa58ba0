import type { JobHandler, JobKind } from '../jobs/index.js';
import { jobRunDuration, jobRuns } from './metrics.js';

/**
 * The same handlers, each run counted in `cofre_jobs_run_total` and timed in
 * `cofre_job_run_duration_seconds`. A throw is counted and passed on unchanged: the worker
 * still backs the job off or parks it.
 */
export function instrumentHandlers(
  handlers: Partial<Record<JobKind, JobHandler>>,
): Partial<Record<JobKind, JobHandler>> {
  const wrapped: Partial<Record<JobKind, JobHandler>> = {};
  for (const [kind, handler] of Object.entries(handlers) as [JobKind, JobHandler][]) {
    wrapped[kind] = async (job) => {
      const stop = jobRunDuration.startTimer({ kind });
      try {
        await handler(job);
        jobRuns.inc({ kind, outcome: 'ok' });
      } catch (error) {
        jobRuns.inc({ kind, outcome: 'error' });
        throw error;
      } finally {
        stop();
      }
    };
  }
  return wrapped;
}
