import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

// Every benchmark in its smoke mode (BENCH_SMOKE=1: tiny sizes, seconds, figures meaningless but
// every correctness check kept), so a change that breaks a bench fails the suite instead of the
// next full run (issue 17 point 5). Nothing here reads a figure against a target: the machine is
// shared and the figures mean nothing at these sizes. Only the exit code, and that the results
// carry the CPU-per-request fields (> 0, i.e. measured), are asserted.

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const pgAdminUrl = inject('pgAdminUrl');
// TEST_ENGINES without postgres leaves no PostgreSQL: the PostgreSQL-only benches are skipped.
const engines = pgAdminUrl ? 'sqlite,postgres' : 'sqlite';

// A hung bench must not hang the suite: it gets SIGTERM (its cleanup runs) after this long. Far
// above what a smoke takes on a loaded machine (list, the longest, ~45 s): a backstop only.
const BENCH_TIMEOUT_MS = 5 * 60_000;
// An `it` waits for the benches before it in its lane as well as its own.
const TEST_TIMEOUT_MS = 12 * 60_000;

/** The parts of the results files asserted on (each bench writes one shape or another). */
interface Results {
  engines: {
    engine: string;
    targets: { name: string; cpuUsPerRequest: number; cpuTimesHello: number }[];
    summary: Record<string, number> & { cpuTimesHello: Record<string, number> };
    verdicts: { name: string; met: boolean }[];
  }[];
  runs: { run: string; cpuUsPerRequest: number }[];
  throughput: { cpuMsPerDelivery: number }[];
}

/** bench:neighbour's results (its own shape). */
interface NeighbourResults {
  engines: {
    engine: string;
    phases: {
      name: string;
      kinds: string[];
      b: { ok: number; errors: number; latency: { count: number; p99Ms: number } };
      a?: Record<string, { statuses: Record<string, number> }>;
      serverCpuUsPerRequest: number;
    }[];
    verdicts: { phase: string; ratio: number; met: boolean }[];
  }[];
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  /** The file after the last `results: ` line, read and then removed (smoke figures mean nothing). */
  results: Results;
}

// Benches still running when the file ends (a failed or filtered run): stopped in afterAll, so
// none outlives the suite (SIGTERM: each bench's own cleanup removes its databases).
const live = new Set<ReturnType<typeof spawn>>();

function runBench(script: string, args: string[] = [], env: Record<string, string> = {}) {
  // The suite's own variables (NODE_ENV=test, VITEST_*) are not the bench's business.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST') && !key.startsWith('COFRE_'),
    ),
  );
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', join('bench', script), ...args], {
      cwd: ROOT,
      env: {
        ...inherited,
        BENCH_SMOKE: '1',
        ...(pgAdminUrl ? { BENCH_DATABASE_URL: pgAdminUrl } : {}),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: BENCH_TIMEOUT_MS,
      killSignal: 'SIGTERM',
    });
    live.add(child);
    child.once('exit', () => live.delete(child));
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const file = [...output.matchAll(/^results: (.+)$/gm)].at(-1)?.[1]?.trim();
      // No file: an empty shape, so the assertions fail on the field (after the exit code's).
      let results = { engines: [], runs: [], throughput: [] } as Results;
      if (file) {
        results = JSON.parse(readFileSync(file, 'utf8')) as Results;
        rmSync(file, { force: true });
      }
      resolve({ code, signal, output, results });
    });
  });
}

/** Exit 0, or the bench's own output as the failure message. */
function expectSuccess(run: Run) {
  expect(run.code, `exit ${run.code ?? run.signal}; output:\n${run.output.slice(-6_000)}`).toBe(0);
}

// Two lanes, each running its benches one after another, side by side: about half the wall
// time of one lane, and no more than two benches (each with its own children) at once.
type Job = () => Promise<Run>;
// The longer lane gets it (about 40 s per engine): the PostgreSQL one when there is one.
const neighbour: Job = () => runBench('neighbour.mjs', [], { BENCH_ENGINES: engines });
const lanes: Record<string, Job>[] = [
  {
    list: () => runBench('list.mjs', [], { BENCH_ENGINES: engines }),
    money: () => runBench('money.mjs', [], { BENCH_ENGINES: engines }),
    tracing: () => runBench('tracing-overhead.mjs'),
    walCheckpoint: () => runBench('wal-checkpoint.mjs'),
    metricsSqlite: () => runBench('metrics-scrape.mjs', ['sqlite']),
    ...(pgAdminUrl ? { metricsPostgres: () => runBench('metrics-scrape.mjs', ['postgres']) } : {}),
    ...(pgAdminUrl ? {} : { neighbour }),
  },
  pgAdminUrl
    ? {
        webhooks: () => runBench('webhooks.mjs', [], { BENCH_ENGINES: engines }),
        scale: () => runBench('scale.mjs'),
        outage: () => runBench('outage.mjs'),
        subscriptionHealth: () => runBench('subscription-health.mjs'),
        rails: () => runBench('rails.mjs', [], { BENCH_ENGINES: engines }),
        railsPix: () => runBench('rails-pix.mjs', [], { BENCH_ENGINES: engines }),
        neighbour,
      }
    : {
        rails: () => runBench('rails.mjs', [], { BENCH_ENGINES: engines }),
        railsPix: () => runBench('rails-pix.mjs', [], { BENCH_ENGINES: engines }),
      },
];
const runs = new Map<string, Promise<Run>>();

const ran = (name: string) => {
  const run = runs.get(name);
  if (!run) throw new Error(`${name} was not started`);
  return run;
};

describe('every benchmark runs in smoke mode', { timeout: TEST_TIMEOUT_MS }, () => {
  // Started here, not at the top of the file, so a run filtered to the other describe starts none.
  beforeAll(() => {
    for (const lane of lanes) {
      let previous: Promise<unknown> = Promise.resolve();
      for (const [name, job] of Object.entries(lane)) {
        const run = previous.then(job, job);
        run.catch(() => {}); // reported by the bench's own `it`
        runs.set(name, run);
        previous = run;
      }
    }
  });

  afterAll(() => {
    for (const child of live) child.kill('SIGTERM');
  });

  it('bench:list measures every target with the server CPU per request', async () => {
    const run = await ran('list');
    expectSuccess(run);
    expect(run.results.engines.map((e) => e.engine).join(',')).toBe(engines);
    for (const engine of run.results.engines) {
      expect(engine.targets.map((t) => t.name)).toEqual([
        'hello-world GET /',
        'GET /healthz',
        'GET /v1/accounts/{id}',
        'GET /v1/accounts first page',
        expect.stringMatching(/^GET \/v1\/accounts depth /),
        'POST /v1/oauth/client/token',
      ]);
      for (const target of engine.targets) {
        expect(target.cpuUsPerRequest, target.name).toBeGreaterThan(0);
        expect(target.cpuTimesHello, target.name).toBeGreaterThan(0);
      }
      expect(engine.summary.cpuTimesHello.listFirstPage).toBeGreaterThan(0);
      expect(engine.verdicts.length).toBeGreaterThan(0);
    }
  });

  it('bench:money measures withdrawals and swaps with their CPU, and the ledger verifies', async () => {
    const run = await ran('money');
    expectSuccess(run);
    expect(run.results.engines.map((e) => e.engine).join(',')).toBe(engines);
    for (const engine of run.results.engines) {
      const s = engine.summary;
      expect(s.ledgerDifferences).toBe(0);
      for (const field of ['helloCpuUsPerRequest', 'withdrawalCpuUs', 'swapCpuUs']) {
        expect(s[field], field).toBeGreaterThan(0);
      }
      expect(s.withdrawalCpuTimesHello).toBeGreaterThan(0);
      expect(s.swapCpuTimesHello).toBeGreaterThan(0);
    }
  });

  it('tracing-overhead measures the CPU per request of each variant', async () => {
    const run = await ran('tracing');
    expectSuccess(run);
    expect(run.results.runs).toHaveLength(2);
    for (const r of run.results.runs) expect(r.cpuUsPerRequest, r.run).toBeGreaterThan(0);
  });

  it('wal-checkpoint measures commits with the checkpoint on the commit path and in its thread', async () => {
    const run = await ran('walCheckpoint');
    expectSuccess(run);
    const runs = run.results.runs as unknown as {
      variant: string;
      commitMs: { p50: number };
      checkpointThread: { state: string; errors: number } | null;
    }[];
    expect(runs.map((r) => r.variant)).toEqual(['commit path', 'thread']);
    for (const r of runs) expect(r.commitMs.p50, r.variant).toBeGreaterThan(0);
    expect(runs[1]?.checkpointThread).toMatchObject({ state: 'running', errors: 0 });
  });

  it('bench:rails credits deposits and completes payouts on a local chain, the ledger clean', async () => {
    const run = await ran('rails');
    expectSuccess(run);
    const results = run.results as unknown as {
      engines: {
        engine: string;
        deposits: { count: number; perSecond: number };
        payouts: { count: number; completedPerSecond: number };
        ledgerClean: boolean;
      }[];
    };
    expect(results.engines.map((e) => e.engine)).toEqual(engines.split(','));
    for (const e of results.engines) {
      expect(e.deposits.perSecond, e.engine).toBeGreaterThan(0);
      expect(e.payouts.completedPerSecond, e.engine).toBeGreaterThan(0);
      expect(e.ledgerClean, e.engine).toBe(true);
    }
  });

  it('bench:rails-pix credits deposits through webhooks and the reconciliation window, the ledger clean', async () => {
    const run = await ran('railsPix');
    expectSuccess(run);
    const results = run.results as unknown as {
      engines: {
        engine: string;
        charges: { count: number; perSecond: number };
        webhooks: { count: number; perSecond: number };
        missed: { count: number; seconds: number };
        ledgerClean: boolean;
      }[];
    };
    expect(results.engines.map((e) => e.engine)).toEqual(engines.split(','));
    for (const e of results.engines) {
      expect(e.charges.perSecond, e.engine).toBeGreaterThan(0);
      expect(e.webhooks.perSecond, e.engine).toBeGreaterThan(0);
      expect(e.missed.seconds, e.engine).toBeGreaterThan(0);
      expect(e.ledgerClean, e.engine).toBe(true);
    }
  });

  it("bench:neighbour measures B quiet and with A's heaviest requests, with the server CPU", async () => {
    const run = await ran('neighbour');
    expectSuccess(run);
    const results = run.results as unknown as NeighbourResults;
    expect(results.engines.map((e) => e.engine).join(',')).toBe(engines);
    for (const engine of results.engines) {
      expect(engine.phases.map((p) => p.name)).toEqual(['quiet', 'with A: all', 'quiet again']);
      for (const phase of engine.phases) {
        expect(phase.b.latency.count, phase.name).toBeGreaterThan(0);
        expect(phase.serverCpuUsPerRequest, phase.name).toBeGreaterThan(0);
      }
      // Every heavy kind ran and was answered (429s count: a limit answered).
      const heavy = engine.phases[1]?.a ?? {};
      expect(Object.keys(heavy).sort()).toEqual(['bodies', 'deep', 'filters', 'streams']);
      for (const [kind, k] of Object.entries(heavy)) {
        expect(Object.keys(k.statuses).length, kind).toBeGreaterThan(0);
      }
      // A verdict is printed for the phase with A; whether it is met is not this test's business.
      expect(engine.verdicts.map((v) => v.phase)).toEqual(['with A: all']);
    }
  });

  it('metrics-scrape counts the queue it seeded, on each engine', async () => {
    for (const name of pgAdminUrl ? ['metricsSqlite', 'metricsPostgres'] : ['metricsSqlite']) {
      const run = await ran(name);
      expectSuccess(run);
      expect(JSON.parse(run.output.trim().split('\n').at(-1) ?? '{}').jobs).toBe(300);
    }
  });

  it.runIf(pgAdminUrl)('bench:webhooks runs', async () => {
    expectSuccess(await ran('webhooks'));
  });

  it.runIf(pgAdminUrl)('bench:scale delivers every message, with CPU per delivery', async () => {
    const run = await ran('scale');
    expectSuccess(run);
    const cases = run.results.throughput;
    expect(cases.length).toBeGreaterThan(0);
    // Per case the window can be a fraction of a second (10 ms CPU ticks): summed, it is measured.
    expect(cases.reduce((sum, c) => sum + c.cpuMsPerDelivery, 0)).toBeGreaterThan(0);
  });

  it.runIf(pgAdminUrl)('outage: each role survives its outage case', async () => {
    const run = await ran('outage');
    expectSuccess(run);
    expect(run.output.match(/^\{"case"/gm)).toHaveLength(3);
  });

  it.runIf(pgAdminUrl)(
    'subscription-health checks its figures against the seeded data',
    async () => {
      expectSuccess(await ran('subscriptionHealth'));
    },
  );
});

// The documented seam (packages/server/src/internals.ts): a bench that reaches into the built
// files instead breaks silently when a refactor moves one.
describe('benchmarks import the server only through its documented entry points', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'results' ? [] : files(path);
      return entry.name.endsWith('.mjs') ? [path] : [];
    });

  it.each(files(join(ROOT, 'bench')).map((path) => path.slice(ROOT.length)))('%s', (path) => {
    // Code only: comments may name the seam's source file.
    const source = readFileSync(join(ROOT, path), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '');
    const specifiers = [
      ...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g),
      ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    ].map((m) => m[1] ?? '');
    const server = specifiers.filter((s) => s.includes('@cofre/server') || s.includes('packages/'));
    for (const specifier of server) {
      expect(['@cofre/server', '@cofre/server/internals']).toContain(specifier);
    }
    // Nor a built file's path handed to a child or an import() by variable.
    expect(source).not.toMatch(/(dist|src)\/(index|internals)\.[jt]s/);
  });
});
