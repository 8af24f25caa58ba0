import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The targets the numbers are read against: printed as met or MISSED, never asserted. */
export const TARGETS = {
  listShareOfHello: { sqlite: 0.25, postgres: 0.1 },
  deepOverFirstP50: 1.1,
  tokensPerSecond: 5_000,
  coldStartMs: 1_000,
};

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => n.toFixed(2);
const pct = (n) => `${(n * 100).toFixed(1)} %`;
const verdict = (ok) => (ok ? 'met' : 'MISSED');

/** Prints one engine's table and how it reads against the targets. */
export function printEngine(r) {
  const hello = r.targets[0].requestsPerSecond;
  const rows = [
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'vs hello'],
    ...r.targets.map((t) => [
      t.name,
      int(t.requestsPerSecond),
      ms(t.p50Ms),
      ms(t.p99Ms),
      pct(t.requestsPerSecond / hello),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  const line = (row) =>
    row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ');

  const s = r.summary;
  const share = TARGETS.listShareOfHello[r.engine];
  const cold = r.coldStart;
  const runs = cold.migratedRunsMs.map((n) => int(n)).join(', ');
  const load = r.loadAverageAfter[0].toFixed(2);
  console.log(
    `\n${r.label}: ${int(r.seed.accounts)} accounts, ${r.settings} (load average ${load})`,
  );
  console.log(line(rows[0]));
  console.log(rows[0].map((_, c) => '-'.repeat(widths[c])).join('  '));
  for (const row of rows.slice(1)) console.log(line(row));
  console.log('');
  const against = (label, value, target, ok) =>
    console.log(`  ${label.padEnd(30)}  ${value}  (target ${target}: ${verdict(ok)})`);
  against(
    'list first page vs hello-world',
    pct(s.firstShareOfHello),
    `>= ${pct(share)}`,
    s.firstShareOfHello >= share,
  );
  against(
    'list deep page vs hello-world',
    pct(s.deepShareOfHello),
    `>= ${pct(share)}`,
    s.deepShareOfHello >= share,
  );
  against(
    'deep/first p50 latency',
    `${s.deepOverFirstP50.toFixed(2)}x`,
    `<= ${TARGETS.deepOverFirstP50}x`,
    s.deepOverFirstP50 <= TARGETS.deepOverFirstP50,
  );
  against(
    'token issuance',
    `${int(s.tokensPerSecond)} tokens/s`,
    `>= ${int(TARGETS.tokensPerSecond)}`,
    s.tokensPerSecond >= TARGETS.tokensPerSecond,
  );
  against(
    'cold start, migrated DB',
    `${int(cold.migratedMedianMs)} ms (median of ${runs})`,
    `< ${int(TARGETS.coldStartMs)} ms`,
    cold.migratedMedianMs < TARGETS.coldStartMs,
  );
  against(
    'cold start, empty DB',
    `${int(cold.emptyMs)} ms (migrations, keys)`,
    `< ${int(TARGETS.coldStartMs)} ms`,
    cold.emptyMs < TARGETS.coldStartMs,
  );
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
