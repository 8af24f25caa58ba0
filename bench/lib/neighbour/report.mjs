import { table } from '../webhooks/report.mjs';

/** BRIEF "Isolation", issue 23 point 6: B's p99 with A at most this times its quiet p99. */
export const TARGET_P99_RATIO = 2;

const LABELS = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
const ms = (n) => (Number.isFinite(n) ? (n >= 100 ? n.toFixed(0) : n.toFixed(1)) : '-');
const times = (n) => (Number.isFinite(n) ? `${n.toFixed(2)}x` : '-');
const cores = (percent) => (Number.isFinite(percent) ? (percent / 100).toFixed(2) : '-');
const statuses = (counts) =>
  Object.entries(counts ?? {})
    .sort(([x], [y]) => x.localeCompare(y))
    .map(([status, n]) => `${status}:${n}`)
    .join(' ') || '-';

/**
 * Each phase with A against the quiet phase before it: B's p99 ratio and whether it meets the
 * target (p99 at most 2x quiet and no failed request of B's). Never asserted: printed.
 */
export function verdicts(engine) {
  const quiet = engine.phases.find((p) => p.kinds.length === 0);
  return engine.phases
    .filter((p) => p.kinds.length > 0)
    .map((p) => {
      const ratio = p.b.latency.p99Ms / quiet.b.latency.p99Ms;
      return {
        phase: p.name,
        quietP99Ms: quiet.b.latency.p99Ms,
        p99Ms: p.b.latency.p99Ms,
        ratio,
        errors: p.b.errors,
        met: ratio <= TARGET_P99_RATIO && p.b.errors === 0,
      };
    });
}

export function printEngine(engine) {
  console.log(
    `\n${LABELS[engine.engine]} (${engine.databaseServer}): B at ${engine.rate}/s open loop for ${engine.seconds} s per phase; A: ${engine.heavyAccounts.toLocaleString('en-US')} accounts x ${engine.limits.metadataPairs} pairs, ${engine.heavyOperations} operations, filters of ${engine.limits.filterPairs} pairs, pages of ${engine.limits.pageLimit}`,
  );
  const byName = new Map(engine.verdicts.map((v) => [v.phase, v]));
  console.log('\n  1. Customer B (ordinary traffic) quiet and while A runs its heaviest requests');
  table([
    [
      'phase',
      'B p50',
      'p90',
      'p99',
      'max ms',
      'ok/sent',
      'p99 x quiet',
      `target <= ${TARGET_P99_RATIO}x`,
      '/healthz p99',
      'server cores',
      'PG cores',
      'pool waiting',
      'load A/B cores',
    ],
    ...engine.phases.map((p) => {
      const v = byName.get(p.name);
      const per = p.cpu?.perProcess ?? {};
      return [
        p.name,
        ms(p.b.latency.p50Ms),
        ms(p.b.latency.p90Ms),
        ms(p.b.latency.p99Ms),
        ms(p.b.latency.maxMs),
        `${p.b.ok}/${p.b.sent}`,
        v ? times(v.ratio) : '',
        v ? (v.met ? 'met' : 'MISSED') : '',
        ms(p.b.probe.latency.p99Ms),
        cores(per.server),
        cores(per.postgres),
        p.pool ? `${p.pool.maxWaiting ?? '-'} (${p.pool.maxInUse ?? '-'} in use)` : '-',
        `${cores(per.loadA)}/${cores(per.loadB)}`,
      ];
    }),
  ]);
  const failing = engine.phases.filter((p) => p.b.errors > 0);
  for (const p of failing) {
    console.log(
      `  ${p.name}: B failed ${p.b.errors}: ${statuses(p.b.statuses)} ${p.b.failures.join('; ')}`,
    );
  }

  console.log("\n  2. B's p99 per request (ms)");
  const kindNames = engine.phases[0].b.kinds.map((k) => k.name);
  table([
    ['phase', ...kindNames],
    ...engine.phases.map((p) => [p.name, ...p.b.kinds.map((k) => ms(k.latency.p99Ms))]),
  ]);

  const loud = engine.phases.filter((p) => p.a);
  if (loud.length > 0) {
    console.log(
      "\n  3. Customer A's requests in B's window by status (streams: every attempt; 429: a limit refused it)",
    );
    table([
      [
        'phase',
        'kind',
        'statuses',
        'A p50 ms',
        'A p99 ms',
        'streams open/wanted',
        'ended by server',
      ],
      ...loud.flatMap((p) =>
        Object.entries(p.a).map(([kind, k]) => [
          p.name,
          kind,
          // Streams are opened before B's window: all their answers.
          statuses(kind === 'streams' ? k.statuses : k.windowStatuses),
          ms(k.latency.p50Ms),
          ms(k.latency.p99Ms),
          k.streams ? `${k.streams.open}/${k.streams.wanted}` : '',
          k.streams ? k.streams.endedByServer : '',
        ]),
      ),
    ]);
  }
  if (engine.error) console.log(`\n  FAILED: ${engine.error}`);
}
