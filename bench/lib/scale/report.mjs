import { table } from '../webhooks/report.mjs';

/** Printed as met or MISSED; a miss never fails the run. */
export const TARGETS = {
  scaleOutRatio: 1.7, // 2 workers vs 1, many subscriptions sharing the load
  oneSubscription20msPerSecond: 150,
  noisyP99FloorMs: 100, // B's p99 with A's backlog <= max(this, 2 x B's p99 without it)
  stepLatenessP99Ms: 1_000,
};

const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const dec = (n, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const verdict = (ok) => (ok ? 'met' : 'MISSED');
const times = (n) => (Number.isFinite(n) ? `${n.toFixed(1)}x` : '-');

/** Matching runs of the throughput matrix, by (workers, subscriptions, delay). */
const find = (runs, w, s, d) =>
  runs.find((r) => r.workers === w && r.subscriptions === s && r.delayMs === d);

export function printResults(results) {
  const { settings } = results;
  console.log(`\nbench:scale on PostgreSQL (${results.databaseServer}); ${results.mode}`);
  console.log(
    `  worker concurrency: ${settings.concurrency ?? 'server default'}; load average at start ${results.loadAverageAtStart.map((n) => n.toFixed(2)).join(' ')}, at end ${results.loadAverageAtEnd?.map((n) => n.toFixed(2)).join(' ') ?? '-'}${settings.smoke ? '; SMOKE run: tiny counts, figures mean nothing' : ''}`,
  );
  if (results.baseline?.length) printBaseline(results);
  if (results.throughput?.length) printThroughput(results);
  if (results.sweep?.length) printSweep(results);
  if (results.noisy?.length) printNoisy(results);
  if (results.error) console.log(`\n  FAILED: ${results.error}`);
}

function printBaseline(results) {
  console.log('\n  0. Baseline: a bare HTTP client in the bench process -> the same receiver');
  table([
    ['receiver delay', 'connections', 'requests/s'],
    ...results.baseline.map((b) => [`${b.delayMs} ms`, b.connections, int(b.requestsPerSecond)]),
  ]);
}

function baselineFor(results, delayMs) {
  return results.baseline?.find((b) => b.delayMs === delayMs)?.requestsPerSecond;
}

function printThroughput(results) {
  const runs = results.throughput;
  console.log(
    `\n  1. Deliveries/s of cofre worker processes draining a queued outbox (${int(results.settings.messages)} messages per case, window <= ${results.settings.seconds} s)`,
  );
  table([
    [
      'workers',
      'subs',
      'receiver',
      'deliveries/s',
      'per sub',
      'in flight',
      'attempt ms',
      'of baseline',
      'worker cores',
      'PG cores',
      'CPU ms/delivery',
      'load',
    ],
    ...runs.map((r) => [
      r.workers,
      r.subscriptions,
      `${r.delayMs} ms`,
      int(r.deliveriesPerSecond),
      int(r.deliveriesPerSecondPerSubscription),
      dec(r.inFlight, 1),
      dec(r.meanAttemptMs, 1),
      baselineFor(results, r.delayMs)
        ? `${dec((r.deliveriesPerSecond / baselineFor(results, r.delayMs)) * 100, 0)} %`
        : '-',
      dec(r.cores.worker),
      dec(r.cores.postgres),
      dec(r.cpuMsPerDelivery),
      dec(r.loadAverage, 1),
    ]),
  ]);
  console.log(
    '  (in flight: deliveries/s x mean attempt time; cores: CPU seconds / wall seconds of the window, all worker processes and all PostgreSQL processes; CPU ms/delivery: both together)',
  );
  const workers = [...new Set(runs.map((r) => r.workers))].sort((a, b) => a - b);
  if (workers.length < 2) return;
  const [one, many] = [workers[0], workers[workers.length - 1]];
  const most = Math.max(...runs.map((r) => r.subscriptions));
  const pairs = [];
  for (const r of runs.filter((x) => x.workers === one)) {
    const other = find(runs, many, r.subscriptions, r.delayMs);
    if (other) pairs.push([r, other]);
  }
  console.log(`\n  Scale-out: ${many} worker processes vs ${one}, same case`);
  table([
    ['subs', 'receiver', `${one} worker`, `${many} workers`, 'ratio', `target (${most} subs)`],
    ...pairs.map(([a, b]) => {
      const ratio = b.deliveriesPerSecond / a.deliveriesPerSecond;
      return [
        a.subscriptions,
        `${a.delayMs} ms`,
        int(a.deliveriesPerSecond),
        int(b.deliveriesPerSecond),
        `${dec(ratio)}x`,
        a.subscriptions === most
          ? `>= ${TARGETS.scaleOutRatio}x ${verdict(ratio >= TARGETS.scaleOutRatio)}`
          : 'report',
      ];
    }),
  ]);
}

function printSweep(results) {
  console.log('\n  2. One subscription, one worker: deliveries/s against receiver latency');
  table([
    ['receiver', 'deliveries/s', 'one at a time', 'in flight', 'attempt ms', 'target'],
    ...results.sweep.map((r) => [
      `${r.delayMs} ms`,
      int(r.deliveriesPerSecond),
      r.delayMs > 0 ? int(1_000 / r.delayMs) : '-',
      dec(r.inFlight, 1),
      dec(r.meanAttemptMs, 1),
      r.delayMs === 20
        ? `>= ${TARGETS.oneSubscription20msPerSecond} ${verdict(r.deliveriesPerSecond >= TARGETS.oneSubscription20msPerSecond)}`
        : 'report',
    ]),
  ]);
  console.log('  (one at a time: the ceiling of one attempt in flight, 1000 / receiver delay)');
}

function printNoisy(results) {
  const s = results.settings;
  const quiet = results.noisy.find((r) => !r.withNoise);
  console.log(
    `\n  3. Noisy neighbour, 1 worker: A has ${s.noisyMessages} messages queued (half to a receiver answering after ${s.slowMs} ms, half to one that never answers); B opens ${s.noisyRate} accounts/s for ${s.noisySeconds} s through the API (sandbox step ${s.stepDelayMs} ms)`,
  );
  table([
    [
      'A backlog',
      'B delivered',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'p50 x quiet',
      'p99 x quiet',
      'steps done',
      'late p50 ms',
      'late p99 ms',
      'oldest overdue s',
      'A slow / never',
      'load',
      'target',
    ],
    ...results.noisy.map((r) => {
      const bound = Math.max(TARGETS.noisyP99FloorMs, 2 * (quiet?.latency.p99Ms ?? 0));
      const ok =
        r.bMissing === 0 &&
        r.latency.p99Ms <= bound &&
        r.steps.notDone === 0 &&
        r.steps.lateness.p99Ms <= TARGETS.stepLatenessP99Ms;
      return [
        r.withNoise ? int(r.aQueued) : 'none',
        `${r.bDelivered}/${r.bExpected}`,
        dec(r.latency.p50Ms, 0),
        dec(r.latency.p90Ms, 0),
        dec(r.latency.p99Ms, 0),
        dec(r.latency.maxMs, 0),
        quiet && r.withNoise ? times(r.latency.p50Ms / quiet.latency.p50Ms) : '-',
        quiet && r.withNoise ? times(r.latency.p99Ms / quiet.latency.p99Ms) : '-',
        `${r.steps.done}/${r.steps.expected}`,
        dec(r.steps.lateness.p50Ms, 0),
        dec(r.steps.lateness.p99Ms, 0),
        dec(r.steps.oldestOverdueMs / 1_000, 1),
        r.withNoise ? `${r.aDelivered.slow} / ${r.aDelivered.neverAnswering}` : '-',
        dec(r.loadAverage, 1),
        r.withNoise ? verdict(ok) : 'baseline',
      ];
    }),
  ]);
  console.log(
    `  (latency: event atTime -> arrival at B's receiver, over what arrived within ${s.noisyDrainSeconds} s after the load; late: activation event time - (account created + step delay); target: all of B delivered, p99 <= max(${TARGETS.noisyP99FloorMs} ms, 2 x quiet p99), every step done, lateness p99 <= ${TARGETS.stepLatenessP99Ms} ms)`,
  );
}
