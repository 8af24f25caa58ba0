// The SQLite WAL checkpoint off the event loop (issue 23 point 6, docs/operations.md "The WAL
// checkpoint"): the latency of large commits on the event loop, and how long the loop stalls
// meanwhile (what every other request of the process waits), with the checkpoint on the commit
// path (main before the thread: `wal_autocheckpoint = 10000`, run by the commit that crosses it)
// and with the checkpoint thread (db/wal-checkpointer.ts).
//
// Each commit is one transaction of 50 rows with two 500-character strings into a table indexed
// on them (the shape of a maximal body's metadata), commits back to back with a turn of the event
// loop between them, as a server's would be, at BENCH_RATE commits per second (default 100;
// 0: back to back, which outruns the disk, see the docs). The two variants alternate, BENCH_ROUNDS times, each
// on a fresh database file; "commit path" is this checkout's createDb with { maintenance: true },
// which keeps main's setting and starts no thread. BENCH_CHECKOUT=/path/to/a/built/checkout
// measures that build's createDb as "thread" instead (lib/server-module.mjs).
// BENCH_SMOKE=1: 300 commits, one round (the test suite runs it). Results also go to
// bench/results/wal-checkpoint-<timestamp>.json.
//   npx tsc -b && node bench/wal-checkpoint.mjs
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers';
import { sql } from 'kysely';
import { writeResults } from './lib/report.mjs';
import { measuredBuild, server } from './lib/server-module.mjs';

const smoke = process.env.BENCH_SMOKE === '1';
const COMMITS = Number(process.env.BENCH_COMMITS ?? (smoke ? 300 : 5_000));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (smoke ? 1 : 2));
// Commits per second, open loop (0: back to back, as fast as the disk takes them).
const RATE = Number(process.env.BENCH_RATE ?? 100);
const ROWS = 50;
const VALUE = 'v'.repeat(500);

const VARIANTS = [
  { name: 'commit path', options: { maintenance: true } },
  { name: 'thread', options: {} },
];

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
/** Until commit `i`'s time at RATE (at least one turn of the event loop). */
const until = (started, i) => {
  const wait = RATE > 0 ? started + (i * 1_000) / RATE - performance.now() : 0;
  return new Promise((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
};

async function measure(variant) {
  const dir = mkdtempSync(join(tmpdir(), 'cofre-bench-wal-'));
  const file = join(dir, 'bench.db');
  const handle = server.createDb(
    server.loadConfig({ COFRE_DATABASE_URL: file }).database,
    variant.options,
  );
  try {
    await sql`CREATE TABLE entries (id INTEGER PRIMARY KEY, owner TEXT, k TEXT, v TEXT)`.execute(
      handle.db,
    );
    await sql`CREATE INDEX entries_kv ON entries (owner, k, v)`.execute(handle.db);
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    const latencies = [];
    let walMaxBytes = 0;
    const started = performance.now();
    for (let i = 0; i < COMMITS; i++) {
      const rows = Array.from({ length: ROWS }, (_, r) => ({
        owner: `c${i % 7}`,
        k: `${VALUE}${r}`,
        v: `${VALUE}${i}`,
      }));
      const t0 = performance.now();
      await handle.db.transaction().execute(async (trx) => {
        await sql`INSERT INTO entries (owner, k, v) VALUES ${sql.join(
          rows.map((row) => sql`(${row.owner}, ${row.k}, ${row.v})`),
        )}`.execute(trx);
      });
      latencies.push(performance.now() - t0);
      if (i % 50 === 0) walMaxBytes = Math.max(walMaxBytes, statSync(`${file}-wal`).size);
      await until(started, i + 1);
    }
    const seconds = (performance.now() - started) / 1_000;
    loop.disable();
    latencies.sort((a, b) => a - b);
    const round = (n) => Math.round(n * 100) / 100;
    return {
      variant: variant.name,
      commits: COMMITS,
      rate: RATE,
      commitsPerSecond: Math.round(COMMITS / seconds),
      commitMs: {
        p50: round(percentile(latencies, 50)),
        p99: round(percentile(latencies, 99)),
        p999: round(percentile(latencies, 99.9)),
        max: round(latencies.at(-1)),
        over20: latencies.filter((ms) => ms > 20).length,
      },
      loopDelayMs: {
        p50: round(loop.percentile(50) / 1e6),
        p99: round(loop.percentile(99) / 1e6),
        max: round(loop.max / 1e6),
      },
      walMaxMb: round(walMaxBytes / 1e6),
      checkpointThread: handle.walCheckpoints?.() ?? null,
    };
  } finally {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

const startedAt = new Date().toISOString();
const runs = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const variant of VARIANTS) {
    const run = { round, ...(await measure(variant)) };
    runs.push(run);
    const c = run.commitMs;
    console.log(
      `${run.variant.padEnd(12)} round ${round}: commit p50 ${c.p50} p99 ${c.p99} p99.9 ${c.p999} max ${c.max} ms (${c.over20} over 20 ms), ` +
        `loop delay p99 ${run.loopDelayMs.p99} max ${run.loopDelayMs.max} ms, ${run.commitsPerSecond} commits/s, WAL max ${run.walMaxMb} MB`,
    );
  }
}
const file = writeResults(
  { startedAt, build: measuredBuild(), commits: COMMITS, runs },
  'wal-checkpoint',
);
console.log(`results: ${file}`);
