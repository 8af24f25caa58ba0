import type { Command } from 'commander';
import {
  createDb,
  listJobs,
  migrateToLatest,
  retryParkedJob,
  systemClock,
  type Config,
  type JobSummary,
} from '@cofre/server';
import type { CliIo } from '../cli.js';

/**
 * `cofre jobs list [--failed] [--json]` and `cofre jobs retry <jobId>`: operators see the queue
 * and put a parked job (one that failed its last allowed attempt) back. Registered from cli.ts.
 */
export function jobsCommands(
  program: Command,
  config: () => Config,
  io: CliIo,
  exit: (code: number) => void,
): void {
  const jobs = program
    .command('jobs')
    .description('inspect the job queue and re-queue parked jobs');
  jobs
    .command('list')
    .description('list jobs, oldest due first (with --failed: parked jobs, newest first)')
    .option('--failed', 'only jobs parked after their last allowed failure')
    .option('--limit <n>', 'at most this many (1-1000)', '100')
    .option('--json', 'print a JSON array')
    .action(async (opts: { failed?: boolean; limit: string; json?: boolean }) => {
      exit(await jobsList(config(), io, opts));
    });
  jobs
    .command('retry')
    .description('put a parked job back in the queue, due now, with a fresh failure budget')
    .argument('<jobId>')
    .action(async (jobId: string) => {
      exit(await jobsRetry(config(), io, jobId));
    });
}

export async function jobsList(
  config: Config,
  io: CliIo,
  opts: { failed?: boolean; limit: string; json?: boolean },
): Promise<number> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    io.err('cofre: --limit must be a whole number from 1 to 1000');
    return 2;
  }
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    const rows = await listJobs(handle.db, {
      failed: opts.failed ?? false,
      limit,
      now: systemClock.now(),
    });
    if (opts.json) io.out(JSON.stringify(rows));
    else if (rows.length === 0) io.out(opts.failed ? 'no parked jobs' : 'no jobs');
    else for (const row of rows) io.out(describe(row));
    return 0;
  } finally {
    await handle.destroy();
  }
}

export async function jobsRetry(config: Config, io: CliIo, jobId: string): Promise<number> {
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    if (!(await retryParkedJob(handle.db, handle.dialect, jobId, systemClock.now()))) {
      io.err(`cofre: no parked job ${jobId} (see \`cofre jobs list --failed\`)`);
      return 1;
    }
    io.out(`re-queued ${jobId}`);
    return 0;
  } finally {
    await handle.destroy();
  }
}

function describe(job: JobSummary): string {
  const when = job.state === 'parked' ? `failed ${job.failedAt}` : `due ${job.runAt}`;
  const error = job.lastError ? `  last error: ${job.lastError}` : '';
  return `${job.id}  ${job.kind}  ${job.subjectId}  ${job.state}  attempts=${job.attempts}  ${when}${error}`;
}
