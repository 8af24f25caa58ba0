import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The targets the numbers are read against: printed as met or MISSED, never asserted. */
export const TARGETS = {
  deliveriesPerSecond: { sqlite: 5_000, postgres: 3_000 },
  latencyP50Ms: 5,
  latencyP99Ms: 50,
  fanoutCostMs: 2,
};

const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '-');
const ms = (n) => (Number.isFinite(n) ? n.toFixed(2) : '-');
const pct = (n) => (Number.isFinite(n) ? `${n.toFixed(0)} %` : '-');
const cpuMs = (n) => (Number.isFinite(n) ? n.toFixed(3) : '-');
const verdict = (ok) => (ok ? 'met' : 'MISSED');

export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => String(row[c]).length)));
  const line = (row) =>
    row
      .map((cell, c) =>
        c === 0 ? String(cell).padEnd(widths[c]) : String(cell).padStart(widths[c]),
      )
      .join('  ')
      .trimEnd();
  console.log(`  ${line(rows[0])}`);
  console.log(`  ${rows[0].map((_, c) => '-'.repeat(widths[c])).join('  ')}`);
  for (const row of rows.slice(1)) console.log(`  ${line(row)}`);
}

/** Prints one engine's three tables and how they read against the targets. */
export function printEngine(r) {
  console.log(`\n${r.label} (${r.databaseServer})`);
  if (r.throughput) printThroughput(r);
  if (r.latency?.length) printLatency(r);
  if (r.fanout) printFanout(r);
  if (r.error) console.log(`\n  FAILED: ${r.error}`);
}

function printThroughput(r) {
  const t = r.throughput;
  const target = TARGETS.deliveriesPerSecond[r.engine];
  const first = t.runs[0];
  console.log(
    `\n  1. Throughput: worker process(es) drain ${int(first?.messages)} messages (${int(first?.events)} events x ${t.subscriptions} subscriptions), receiver answers 200`,
  );
  table([
    [
      'workers',
      'concurrency',
      'deliveries/s',
      'wall s',
      'logs',
      'worker CPU',
      'worker ms/dlv',
      'PG CPU',
      'PG ms/dlv',
      'receiver CPU',
      'machine CPU',
      'load',
      'sockets',
      'PG xact/msg',
      'target',
    ],
    ...t.runs.map((run) => [
      run.workers,
      run.concurrency,
      int(run.deliveriesPerSecond),
      run.wallSeconds.toFixed(1),
      int(run.executionLogs),
      pct(run.cpu.perProcess.worker),
      cpuMs(run.cpuMsPerDelivery?.worker),
      r.engine === 'postgres' ? pct(run.cpu.perProcess.postgres ?? NaN) : 'n/a',
      r.engine === 'postgres' ? cpuMs(run.cpuMsPerDelivery?.postgres) : 'n/a',
      pct(run.cpu.perProcess.receiver),
      pct(run.cpu.machinePercent),
      run.loadAverage.toFixed(1),
      run.receiverConnections,
      run.transactionsPerDelivery === undefined ? 'n/a' : run.transactionsPerDelivery.toFixed(1),
      target === undefined
        ? 'report'
        : `>= ${int(target)} ${verdict(run.deliveriesPerSecond >= target)}`,
    ]),
  ]);
  if (t.single) {
    console.log(
      `  one subscription (its deliveries run in order, one at a time): ${int(t.single.deliveriesPerSecond)} deliveries/s over ${int(t.single.messages)} messages`,
    );
  }
  console.log(
    `  (worker (all of them), PostgreSQL (all its processes), receiver: share of one core; machine: share of all ${first?.cpu.cores} cores, other tenants included; load: 1-minute load average at the end)`,
  );
  if (t.profile) {
    const p = t.profile;
    console.log(
      `\n  Worker CPU profile (${int(p.deliveriesPerSecond)} deliveries/s while profiled, busy ${pct(p.busyShare * 100)} of ${p.sampledSeconds.toFixed(1)} s sampled): self time by area`,
    );
    for (const area of p.areas.slice(0, 10)) {
      console.log(`    ${pct(area.share * 100).padStart(5)}  ${area.name}`);
    }
    console.log('  hottest functions:');
    for (const fn of p.functions.slice(0, 8)) {
      console.log(`    ${pct(fn.share * 100).padStart(5)}  ${fn.name}`);
    }
  }
}

function printLatency(r) {
  const first = r.latency[0];
  console.log(
    `\n  2. Latency event atTime -> first attempt at the receiver, open-loop POST /v1/accounts, 1 subscription, ${first.seconds} s per row`,
  );
  table([
    [
      'processes',
      'wake-up',
      'ev/s',
      'events',
      'missing',
      'p50 ms',
      'p90 ms',
      'p99 ms',
      'max ms',
      'after 201 p50',
      'p99',
      'POST p50',
      'POST p99',
      'CPU',
      'PG xact/event',
      'load',
      'target p50<=5, p99<=50',
    ],
    ...r.latency.map((l) => [
      l.processes,
      l.wakeUp,
      int(l.achievedRate),
      int(l.events),
      int(l.undelivered),
      ms(l.latency.p50Ms),
      ms(l.latency.p90Ms),
      ms(l.latency.p99Ms),
      ms(l.latency.maxMs),
      ms(l.afterResponse.p50Ms),
      ms(l.afterResponse.p99Ms),
      ms(l.post.p50Ms),
      ms(l.post.p99Ms),
      Object.entries(l.cpu.perProcess)
        .filter(([name]) => name !== 'bench')
        .map(([name, percent]) => `${name} ${pct(percent)}`)
        .join(', '),
      l.transactionsPerEvent === undefined ? 'n/a' : l.transactionsPerEvent.toFixed(1),
      l.loadAverage.toFixed(1),
      verdict(
        l.undelivered === 0 &&
          l.latency.p50Ms <= TARGETS.latencyP50Ms &&
          l.latency.p99Ms <= TARGETS.latencyP99Ms,
      ),
    ]),
  ]);
  console.log(
    '  (p50..max: arrival - event atTime, which is taken before the API transaction commits; after 201: arrival - when the client had the response, without that transaction, negative if the delivery came first)',
  );
}

function printFanout(r) {
  const f = r.fanout;
  console.log(
    `\n  3. Fan-out: one event for a customer with 0 vs ${f.subscriptions} matching subscriptions (${f.direct.iterations} each, alternating)`,
  );
  const row = (name, pair, cost, target = true) => [
    name,
    ms(pair.none.p50Ms),
    ms(pair.many.p50Ms),
    ms(pair.none.meanMs),
    ms(pair.many.meanMs),
    ms(pair.none.p99Ms),
    ms(pair.many.p99Ms),
    ms(cost),
    ms(pair.many.meanMs - pair.none.meanMs),
    target ? `<= ${TARGETS.fanoutCostMs} ${verdict(cost <= TARGETS.fanoutCostMs)}` : 'report',
  ];
  const n = f.subscriptions;
  table([
    [
      'measure (ms)',
      'p50 0',
      `p50 ${n}`,
      'mean 0',
      `mean ${n}`,
      'p99 0',
      `p99 ${n}`,
      'cost p50',
      'cost mean',
      'target (p50)',
    ],
    row('recordEvent() inside the transaction', f.direct.recordEvent, f.costMs.recordEvent),
    row('whole transaction incl. commit', f.direct.transaction, f.costMs.transaction),
    row('POST /v1/accounts (sequential)', f.http, f.costMs.post),
    // Off the request path: the worker's webhook.fanout job, reported only.
    ...(f.direct.expansion
      ? [row("worker's expansion incl. commit", f.direct.expansion, f.costMs.expansion, false)]
      : []),
  ]);
}

/** Writes bench/results/<name>-<timestamp>.json and returns its path. */
export function writeResults(results, name = 'webhooks') {
  const dir = fileURLToPath(new URL('../../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  // ISO 8601 in basic form (no colons), so the name is valid on every file system.
  const stamp = results.startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const file = `${dir}${name}-${stamp}.json`;
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
