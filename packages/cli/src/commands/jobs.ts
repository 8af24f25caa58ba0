import type { Command } from 'commander';
import {
  busiestQueues,
  countJobs,
  createDb,
  emptyKindStats,
  isJobKind,
  JOB_KINDS,
  jobStats,
  listJobs,
  migrateToLatest,
  retryParkedJob,
  systemClock,
  type Config,
  type DbHandle,
  type JobFilter,
  type JobSummary,
  type KindStats,
} from '@cofre/server';
import type { CliIo } from '../cli.js';

/**
 * `cofre jobs list [--failed] [--kind] [--queue] [--json]`, `cofre jobs stats [--json]` and
 * `cofre jobs retry <jobId> [--json]`: operators see the queue, how big it is, and put a parked job (one
 * that failed its last allowed attempt) back. Registered from cli.ts.
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
    .option('--kind <kind>', `only jobs of this kind (${JOB_KINDS.join(', ')})`)
    .option('--queue <subscriptionId>', "only this queue's jobs (a subscription's deliveries)")
    .option('--limit <n>', 'at most this many (1-1000)', '100')
    .option('--json', 'print a JSON array (a note on stderr when it is cut at --limit)')
    .action(async (opts: ListOptions) => {
      exit(await jobsList(config(), io, opts));
    });
  jobs
    .command('stats')
    .description(
      'count jobs by kind and state (due, overdue, scheduled, leased, parked), the oldest due, the busiest queues',
    )
    .option('--json', 'print one JSON object')
    .action(async (opts: { json?: boolean }) => {
      exit(await jobsStats(config(), io, opts));
    });
  jobs
    .command('retry')
    .description('put a parked job back in the queue, due now, with a fresh failure budget')
    .argument('<jobId>')
    .option('--json', 'print {jobId, requeued: true} as JSON')
    .action(async (jobId: string, opts: { json?: boolean }) => {
      exit(await jobsRetry(config(), io, jobId, opts));
    });
}

interface ListOptions {
  failed?: boolean;
  kind?: string;
  queue?: string;
  limit: string;
  json?: boolean;
}

export async function jobsList(config: Config, io: CliIo, opts: ListOptions): Promise<number> {
  const limit = Number(opts.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
    io.err('cofre: --limit must be a whole number from 1 to 1000');
    return 2;
  }
  if (opts.kind !== undefined && !isJobKind(opts.kind)) {
    io.err(`cofre: --kind must be one of ${JOB_KINDS.join(', ')}`);
    return 2;
  }
  const filter: JobFilter = {
    failed: opts.failed ?? false,
    ...(opts.kind !== undefined ? { kind: opts.kind } : {}),
    ...(opts.queue !== undefined ? { queue: opts.queue } : {}),
  };
  return withDb(config, async (handle) => {
    const rows = await listJobs(handle.db, { ...filter, limit, now: systemClock.now() });
    // A list cut at its limit says so: 1,000 rows of a 30,000-job backlog must not pass for all.
    const total = rows.length < limit ? rows.length : await countJobs(handle.db, filter);
    const note =
      total > rows.length
        ? `showing ${count(rows.length)} of ${count(total)} jobs; narrow with --kind or --queue, or raise --limit (up to 1000); \`cofre jobs stats\` counts them all`
        : undefined;
    if (opts.json) {
      io.out(JSON.stringify(rows));
      if (note) io.err(note);
    } else if (rows.length === 0) io.out(opts.failed ? 'no parked jobs' : 'no jobs');
    else {
      for (const row of rows) io.out(describe(row));
      if (note) io.out(note);
    }
    return 0;
  });
}

/** The figures of `cofre jobs stats --json`: per kind, totals, and the busiest queues. */
interface StatsReport {
  at: string;
  overdueAfterSeconds: number;
  kinds: Partial<Record<string, KindFigures>>;
  total: KindFigures;
  busiestQueues: { queue: string; jobs: number }[];
}
type KindFigures = Omit<KindStats, 'oldestDueAt'> & { oldestDueAgeSeconds: number | null };

const STATES = ['due', 'overdue', 'leaseExpired', 'scheduled', 'leased', 'parked'] as const;

export async function jobsStats(
  config: Config,
  io: CliIo,
  opts: { json?: boolean },
): Promise<number> {
  return withDb(config, async (handle) => {
    const now = systemClock.now();
    const overdueMs = config.metrics.overdueMs;
    const stats = await jobStats(handle.db, { now, overdueMs });
    const figures = (kind: KindStats): KindFigures => {
      const { oldestDueAt, ...counts } = kind;
      return {
        ...counts,
        oldestDueAgeSeconds: oldestDueAt === undefined ? null : (now - oldestDueAt) / 1000,
      };
    };
    const kinds: StatsReport['kinds'] = {};
    const total: KindFigures = { ...figures(emptyKindStats()) };
    for (const kind of JOB_KINDS) {
      const row = figures(stats.byKind[kind]);
      if (STATES.every((state) => row[state] === 0)) continue;
      kinds[kind] = row;
      for (const state of STATES) total[state] += row[state];
      if (
        row.oldestDueAgeSeconds !== null &&
        row.oldestDueAgeSeconds > (total.oldestDueAgeSeconds ?? -1)
      )
        total.oldestDueAgeSeconds = row.oldestDueAgeSeconds;
    }
    const report: StatsReport = {
      at: new Date(now).toISOString(),
      overdueAfterSeconds: overdueMs / 1000,
      kinds,
      total,
      busiestQueues: await busiestQueues(handle.db, 10),
    };
    if (opts.json) io.out(JSON.stringify(report));
    else for (const line of statsTable(report)) io.out(line);
    return 0;
  });
}

function statsTable(report: StatsReport): string[] {
  const header = ['kind', 'due', 'overdue', 'scheduled', 'leased', 'parked', 'oldest due'];
  const rows = [
    ...Object.entries(report.kinds).map(([kind, row]) => [kind, ...cells(row!)]),
    ['total', ...cells(report.total)],
  ];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((r) => r[i]!.length)));
  const line = (cols: string[]) =>
    cols.map((col, i) => (i === 0 ? col.padEnd(widths[i]!) : col.padStart(widths[i]!))).join('  ');
  const out = [line(header), ...rows.map(line)];
  out.push(`overdue: due for more than ${report.overdueAfterSeconds} s (COFRE_METRICS_OVERDUE_MS)`);
  if (report.busiestQueues.length > 0) {
    out.push('busiest queues (unparked jobs):');
    for (const { queue, jobs } of report.busiestQueues) out.push(`  ${queue}  ${count(jobs)}`);
  }
  return out;
}

function cells(row: KindFigures): string[] {
  const age = row.oldestDueAgeSeconds;
  return [
    count(row.due),
    count(row.overdue),
    count(row.scheduled),
    count(row.leased),
    count(row.parked),
    age === null ? '-' : `${age.toFixed(1)} s`,
  ];
}

const count = (n: number): string => n.toLocaleString('en-US');

async function withDb(config: Config, work: (handle: DbHandle) => Promise<number>) {
  const handle = createDb(config.database);
  try {
    if (config.autoMigrate) await migrateToLatest(handle.db);
    return await work(handle);
  } finally {
    await handle.destroy();
  }
}

export async function jobsRetry(
  config: Config,
  io: CliIo,
  jobId: string,
  opts: { json?: boolean } = {},
): Promise<number> {
  return withDb(config, async (handle) => {
    if (!(await retryParkedJob(handle.db, handle.dialect, jobId, systemClock.now()))) {
      io.err(`cofre: no parked job ${jobId} (see \`cofre jobs list --failed\`)`);
      return 1;
    }
    io.out(opts.json ? JSON.stringify({ jobId, requeued: true }) : `re-queued ${jobId}`);
    return 0;
  });
}

function describe(job: JobSummary): string {
  const when = job.state === 'parked' ? `failed ${job.failedAt}` : `due ${job.runAt}`;
  const error = job.lastError ? `  last error: ${job.lastError}` : '';
  return `${job.id}  ${job.kind}  ${job.subjectId}  ${job.state}  attempts=${job.attempts}  ${when}${error}`;
}
