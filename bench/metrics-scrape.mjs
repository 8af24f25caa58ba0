// node bench/metrics-scrape.mjs [engine] [jobs]: what one uncached GET /metrics costs with a
// queue of N jobs (docs/metrics.md "Cost of a scrape"). engine: sqlite (a temp file) or postgres
// (a throwaway database on BENCH_PG_URL, default the shared test server). Build first (tsc -b).
// BENCH_SMOKE=1: 300 jobs unless given, and the scrape's job count is checked (the test suite runs it).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import pg from 'pg';
import {
  createDb,
  createMetricsScrape,
  loadConfig,
  migrateToLatest,
  systemClock,
} from '@cofre/server';

const engine = process.argv[2] ?? 'sqlite';
const smoke = process.env.BENCH_SMOKE === '1';
const jobs = Number(process.argv[3] ?? (smoke ? 300 : 30_000));
const KINDS = ['webhook.attempt', 'sandbox.account.activate', 'operation.order.check'];

let url;
let drop;
if (engine === 'sqlite') {
  const dir = mkdtempSync(join(tmpdir(), 'cofre-scrape-'));
  url = join(dir, 'bench.db');
  drop = async () => rmSync(dir, { recursive: true, force: true });
} else {
  const admin =
    process.env.BENCH_PG_URL ?? process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('Set BENCH_DATABASE_URL (or TEST_DATABASE_URL) for PostgreSQL');
  const name = `cofre_scrape_${Date.now()}`;
  const run = async (sql) => {
    const client = new pg.Client(admin);
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const target = new URL(admin);
  target.pathname = `/${name}`;
  url = target.toString();
  drop = () => run(`DROP DATABASE ${name} WITH (FORCE)`);
}

const config = loadConfig({
  COFRE_DATABASE_URL: url,
  COFRE_METRICS_CACHE_MS: '0',
  COFRE_LOG_LEVEL: 'silent',
});
const handle = createDb(config.database);
try {
  await migrateToLatest(handle.db);
  // Three kinds, a quarter due in an hour, 1 % parked, the rest due over the last N × 10 ms.
  const now = Date.now();
  for (let i = 0; i < jobs; i += 1_000) {
    const rows = [];
    for (let j = i; j < Math.min(jobs, i + 1_000); j++) {
      rows.push({
        id: `job_${String(j).padStart(9, '0')}`,
        kind: KINDS[j % 3],
        queue: `sub_${j % 50}`,
        subject_id: `subject_${j}`,
        run_at: now - (jobs - j) * 10 + (j % 4 === 0 ? 3_600_000 : 0),
        lease_owner: null,
        lease_expires_at: null,
        claims: 0,
        attempts: 0,
        last_error: null,
        failed_at: j % 97 === 0 ? now : null,
        created_at: now - 1_000_000,
      });
    }
    await handle.db.insertInto('jobs').values(rows).execute();
  }
  if (engine === 'postgres') await analyze(url);
  const scrape = createMetricsScrape({
    config,
    db: handle.db,
    clock: systemClock,
    logger: console,
    poolStats: handle.poolStats,
  });
  // Warm-up, and the check that the scrape saw the queue: its cofre_jobs series add up to it.
  const counted = (await scrape.render())
    .split('\n')
    .filter((line) => line.startsWith('cofre_jobs{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
  if (counted !== jobs) throw new Error(`the scrape counted ${counted} jobs, ${jobs} were queued`);
  const times = [];
  for (let i = 0; i < 11; i++) {
    const started = performance.now();
    await scrape.render();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const cached = createMetricsScrape({
    config: { ...config, metrics: { ...config.metrics, cacheMs: 60_000 } },
    db: handle.db,
    clock: systemClock,
    logger: console,
    poolStats: handle.poolStats,
  });
  await cached.render();
  const started = performance.now();
  for (let i = 0; i < 100; i++) await cached.render();
  console.log(
    JSON.stringify({
      engine,
      jobs,
      uncachedMedianMs: Number(times[5].toFixed(1)),
      uncachedMaxMs: Number(times[10].toFixed(1)),
      cachedMeanMs: Number(((performance.now() - started) / 100).toFixed(2)),
    }),
  );
} finally {
  await handle.destroy();
  await drop();
}

async function analyze(databaseUrl) {
  const client = new pg.Client(databaseUrl);
  await client.connect();
  await client.query('ANALYZE jobs');
  await client.end();
}
