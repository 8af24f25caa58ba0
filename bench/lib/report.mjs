import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The targets the numbers are read against (issue 17): printed as met or MISSED, never asserted.
 * CPU targets are multiples of hello-world's CPU per request measured in the same run.
 */
export const TARGETS = {
  healthzCpuTimesHello: 1.5,
  accountByIdCpuTimesHello: 3,
  listCpuTimesHello: 4,
  listShareOfHello: { sqlite: 0.25, postgres: 0.1 },
  deepOverFirstP50: 1.1,
  tokensPerSecond: 5_000,
  coldStartMs: 500,
};

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => n.toFixed(2);
const pct = (n) => `${(n * 100).toFixed(1)} %`;
const times = (n) => `${n.toFixed(2)}x`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');

/** Each target of one engine's result: what was measured, the target, met or not. */
export function evaluate(r) {
  const s = r.summary;
  const x = s.cpuTimesHello;
  const share = TARGETS.listShareOfHello[r.engine];
  const cold = r.coldStart;
  const runs = cold.migratedRunsMs.map((n) => int(n)).join(', ');
  const check = (name, value, target, met) => ({ name, value, target, met });
  return [
    check(
      'healthz CPU/request',
      `${times(x.healthz)} hello`,
      `<= ${TARGETS.healthzCpuTimesHello}x`,
      x.healthz <= TARGETS.healthzCpuTimesHello,
    ),
    check(
      'accounts/{id} CPU/request',
      `${times(x.accountById)} hello`,
      `<= ${TARGETS.accountByIdCpuTimesHello}x`,
      x.accountById <= TARGETS.accountByIdCpuTimesHello,
    ),
    check(
      'list first page CPU/request',
      `${times(x.listFirstPage)} hello`,
      `<= ${TARGETS.listCpuTimesHello}x`,
      x.listFirstPage <= TARGETS.listCpuTimesHello,
    ),
    check(
      'list deep page CPU/request',
      `${times(x.listDeepPage)} hello`,
      `<= ${TARGETS.listCpuTimesHello}x`,
      x.listDeepPage <= TARGETS.listCpuTimesHello,
    ),
    check(
      'list first page req/s',
      `${pct(s.firstShareOfHello)} of hello`,
      `>= ${pct(share)}`,
      s.firstShareOfHello >= share,
    ),
    check(
      'list deep page req/s',
      `${pct(s.deepShareOfHello)} of hello`,
      `>= ${pct(share)}`,
      s.deepShareOfHello >= share,
    ),
    check(
      'deep/first p50 latency',
      times(s.deepOverFirstP50),
      `<= ${TARGETS.deepOverFirstP50}x`,
      s.deepOverFirstP50 <= TARGETS.deepOverFirstP50,
    ),
    check(
      'token issuance',
      `${int(s.tokensPerSecond)} tokens/s`,
      `>= ${int(TARGETS.tokensPerSecond)}`,
      s.tokensPerSecond >= TARGETS.tokensPerSecond,
    ),
    check(
      'cold start, migrated DB',
      `${int(cold.migratedMedianMs)} ms (median of ${runs})`,
      `< ${int(TARGETS.coldStartMs)} ms`,
      cold.migratedMedianMs < TARGETS.coldStartMs,
    ),
    check(
      'cold start, empty DB',
      `${int(cold.emptyMs)} ms (migrations, keys)`,
      `< ${int(TARGETS.coldStartMs)} ms`,
      cold.emptyMs < TARGETS.coldStartMs,
    ),
  ];
}

/**
 * A table: the first column left-aligned, the others right-aligned, a rule under the header.
 * Shared by bench:list and bench:money.
 */
export function printTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');
  console.log(line(rows[0]));
  console.log(rows[0].map((_, c) => '-'.repeat(widths[c])).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
}

/** The columns every HTTP target prints: req/s, latency, CPU per request and its ratio. */
export const TARGET_HEADER = [
  'target',
  'req/s',
  'p50 ms',
  'p99 ms',
  'CPU µs/req',
  'CPU × hello',
  'req/s vs hello',
];
export const targetRow = (t, hello) => [
  t.name,
  int(t.requestsPerSecond),
  ms(t.p50Ms),
  ms(t.p99Ms),
  int(t.cpuUsPerRequest),
  times(t.cpuUsPerRequest / hello.cpuUsPerRequest),
  pct(t.requestsPerSecond / hello.requestsPerSecond),
];

/** Prints one engine's table and how it reads against the targets. */
export function printEngine(r) {
  const hello = r.targets[0];
  const load = r.loadAverageAfter[0].toFixed(2);
  console.log(
    `\n${r.label}: ${int(r.seed.accounts)} accounts, ${r.settings} (load average ${load})`,
  );
  printTable([TARGET_HEADER, ...r.targets.map((t) => targetRow(t, hello))]);
  console.log('');
  for (const c of r.verdicts) {
    console.log(`  ${c.name.padEnd(30)}  ${c.value}  (target ${c.target}: ${verdict(c.met)})`);
  }
  console.log(`  ${'seeding'.padEnd(30)}  ${r.seed.seconds.toFixed(1)} s`);
  console.log(
    `  deep-page plan${r.explain.usesIndex ? '' : ' (accounts_customer_created NOT used!)'}:`,
  );
  for (const planLine of r.explain.deep.plan) console.log(`    ${planLine}`);
}

/** Writes bench/results/<name>-<timestamp>.json and returns its path. */
export function writeResults(results, name = 'list') {
  const dir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  // ISO 8601 in basic form (no colons), so the name is valid on every file system.
  const stamp = results.startedAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const file = `${dir}${name}-${stamp}.json`;
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
