import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, Registry } from 'prom-client';
import type { Config } from '../config/config.js';
import type { Db } from '../db/database.js';
import type { PoolStats } from '../db/create-db.js';
import { jobStats, type JobStats, JOB_KINDS } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import { collectProcessMetrics, processRegistry } from './metrics.js';
import { railGauges, type RailFigures } from './rail-metrics.js';

export interface MetricsScrapeDeps {
  /** `metrics` (overdue threshold, cache). */
  config: Pick<Config, 'metrics'>;
  db: Db;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The pool's connections (db/create-db.ts); undefined on SQLite. */
  poolStats?: () => PoolStats | undefined;
  /** The configured rails' figures (rails/rail-figures.ts); undefined without rails. */
  rails?: () => Promise<readonly RailFigures[]>;
}

export interface MetricsScrape {
  readonly contentType: string;
  /** The whole exposition: process metrics and the database figures, at most `cacheMs` old. */
  render(): Promise<string>;
}

/** Rows each scrape-time count reads at most (jobs/job-stats.ts `cap`). */
export const SCRAPE_ROW_CAP = 10_000;
/** A scrape never waits longer than this for the database; it reports without those figures. */
export const SCRAPE_QUERY_TIMEOUT_MS = 2_000;

/**
 * The figures read from the database when scraped (queue depth per kind and state, pending
 * messages) and the pool's state, in a registry of this endpoint's own (two apps in one
 * process, as in tests, each report their database). The database is read at most once per
 * `cacheMs` and never by two scrapes at once; a failed or slow read leaves those series out of
 * this scrape (and logs once until it works again) instead of failing it.
 */
export function createMetricsScrape(deps: MetricsScrapeDeps): MetricsScrape {
  collectProcessMetrics();
  const registers = [new Registry()];
  const gauges = scrapeGauges(registers);
  // Only a pool of connections reports stats (db/create-db.ts): SQLite's one connection has none.
  const poolNow = deps.poolStats?.();
  if (deps.poolStats && poolNow) addPoolGauges(registers, deps.poolStats, poolNow.max);
  const counts = jobCounts(deps, gauges.sourceErrors);
  const rails = deps.rails && railReads(deps, deps.rails, gauges, railGauges(registers));
  return {
    contentType: processRegistry.contentType,
    async render() {
      const now = deps.clock.now();
      setJobGauges(gauges, await counts(now), now);
      await rails?.(now);
      const own = await registers[0]!.metrics();
      return `${await processRegistry.metrics()}\n${own}`;
    },
  };
}

type ScrapeGauges = ReturnType<typeof scrapeGauges>;

/**
 * The rails' series: read at most once per `cacheMs` and never by two scrapes at once, like the
 * job counts, and left out (source `rails` down, counted) when the read fails or is slow, never
 * failing the scrape.
 */
function railReads(
  deps: MetricsScrapeDeps,
  read: () => Promise<readonly RailFigures[]>,
  gauges: ScrapeGauges,
  rails: ReturnType<typeof railGauges>,
): (now: number) => Promise<void> {
  let cached: { at: number; figures: readonly RailFigures[] } | undefined;
  // Two scrapes at once share one read.
  let inFlight: Promise<readonly RailFigures[]> | undefined;
  return async (now) => {
    if (!cached || now - cached.at >= deps.config.metrics.cacheMs) {
      try {
        inFlight ??= read().finally(() => (inFlight = undefined));
        cached = { at: now, figures: await withTimeout(inFlight, SCRAPE_QUERY_TIMEOUT_MS) };
      } catch (error) {
        cached = undefined;
        gauges.sourceErrors.inc({ source: 'rails' });
        deps.logger.warn(
          { err: error },
          'metrics: could not read the rails; reported without them',
        );
      }
    }
    gauges.sourceUp.set({ source: 'rails' }, cached ? 1 : 0);
    rails.set(cached?.figures);
  };
}

/** The series read from the database, in this endpoint's own registry. */
function scrapeGauges(registers: Registry[]) {
  const gauges = {
    jobs: new Gauge({
      name: 'cofre_jobs',
      help: 'Jobs by kind and state: due (claimable now), scheduled (due later), leased (running), parked (failed for good, see `cofre jobs list --failed`).',
      labelNames: ['kind', 'state'] as const,
      registers,
    }),
    overdue: new Gauge({
      name: 'cofre_jobs_overdue',
      help: 'Due jobs that have waited longer than COFRE_METRICS_OVERDUE_MS, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
    oldestDueAge: new Gauge({
      name: 'cofre_jobs_oldest_due_age_seconds',
      help: 'How long the longest-waiting due job of each kind has been due (0 when none is).',
      labelNames: ['kind'] as const,
      registers,
    }),
    leaseExpired: new Gauge({
      name: 'cofre_jobs_lease_expired',
      help: 'Jobs whose lease ran out before they finished (worker died or ran over), not yet claimed again, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
    truncated: new Gauge({
      name: 'cofre_jobs_counts_truncated',
      help: `1 when a state held more than ${SCRAPE_ROW_CAP} jobs and the job counts are lower bounds.`,
      registers,
    }),
    pending: new Gauge({
      name: 'cofre_webhook_messages_pending',
      help: 'Messages waiting for an automatic attempt (one webhook.attempt job each, parked ones excluded).',
      registers,
    }),
    sourceUp: new Gauge({
      name: 'cofre_metrics_source_up',
      help: 'Whether the last scrape could read a source (database: the job counts).',
      labelNames: ['source'] as const,
      registers,
    }),
    sourceErrors: new Counter({
      name: 'cofre_metrics_source_errors_total',
      help: 'Scrape-time reads that failed or timed out, by source.',
      labelNames: ['source'] as const,
      registers,
    }),
  };
  gauges.sourceErrors.inc({ source: 'database' }, 0);
  return gauges;
}

/**
 * The job counts at `now`: read at most once per `cacheMs`, never by two scrapes at once, and
 * undefined when the read failed or took too long (counted, and logged once until it works).
 */
function jobCounts(
  deps: MetricsScrapeDeps,
  sourceErrors: ScrapeGauges['sourceErrors'],
): (now: number) => Promise<JobStats | undefined> {
  const { overdueMs, cacheMs } = deps.config.metrics;
  let cached: { at: number; stats: JobStats } | undefined;
  let inFlight: Promise<JobStats> | undefined;
  let failing = false;

  const read = (): Promise<JobStats> => {
    inFlight ??= jobStats(deps.db, {
      now: deps.clock.now(),
      overdueMs,
      cap: SCRAPE_ROW_CAP,
    }).finally(() => (inFlight = undefined));
    return withTimeout(inFlight, SCRAPE_QUERY_TIMEOUT_MS);
  };

  return async (now) => {
    if (cached && now - cached.at < cacheMs) return cached.stats;
    try {
      cached = { at: now, stats: await read() };
      if (failing) deps.logger.info('metrics: the job counts can be read again');
      failing = false;
    } catch (error) {
      cached = undefined;
      sourceErrors.inc({ source: 'database' });
      if (!failing) {
        deps.logger.warn(
          { err: error },
          'metrics: could not read the job counts; scrapes report without them until it works again',
        );
      }
      failing = true;
    }
    return cached?.stats;
  };
}

/** Sets the series from the counts, or leaves them out (source down) when there are none. */
function setJobGauges(gauges: ScrapeGauges, stats: JobStats | undefined, now: number): void {
  const { jobs, overdue, oldestDueAge, leaseExpired, truncated, pending, sourceUp } = gauges;
  for (const gauge of [jobs, overdue, oldestDueAge, leaseExpired, truncated, pending])
    gauge.reset();
  sourceUp.set({ source: 'database' }, stats ? 1 : 0);
  if (!stats) return;
  const { byKind } = stats;
  for (const kind of JOB_KINDS) {
    const kindStats = byKind[kind];
    for (const state of ['due', 'scheduled', 'leased', 'parked'] as const)
      jobs.set({ kind, state }, kindStats[state]);
    overdue.set({ kind }, kindStats.overdue);
    leaseExpired.set({ kind }, kindStats.leaseExpired);
    oldestDueAge.set(
      { kind },
      kindStats.oldestDueAt === undefined ? 0 : Math.max(0, (now - kindStats.oldestDueAt) / 1000),
    );
  }
  const attempts = byKind['webhook.attempt'];
  pending.set(attempts.due + attempts.scheduled + attempts.leased);
  truncated.set(stats.truncated ? 1 : 0);
}

function addPoolGauges(
  registers: Registry[],
  poolStats: () => PoolStats | undefined,
  poolMax: number,
): void {
  new Gauge({
    name: 'cofre_db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use: checked out by a query or transaction; idle).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = poolStats();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
    },
  });
  new Gauge({
    name: 'cofre_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL pool connection (all connections in use).',
    registers,
    collect() {
      this.set(poolStats()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: 'cofre_db_pool_max_connections',
    help: 'The PostgreSQL pool size (COFRE_DATABASE_POOL_SIZE).',
    registers,
  }).set(poolMax);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
