import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The layer rules (docs/architecture.md "Layers") are packages/server/.dependency-cruiser.cjs;
// `npm run lint:layers` runs the same check from the command line.
const server = fileURLToPath(new URL('../../', import.meta.url));
const fixture = fileURLToPath(new URL('../fixtures/layers/', import.meta.url));
const load = createRequire(import.meta.url);
const config = load(`${server}.dependency-cruiser.cjs`) as IConfiguration;
// The second pass over the runtime graph (type-only imports left out): the cycle rule.
const runtime = load(`${server}.dependency-cruiser.runtime.cjs`) as IConfiguration;

async function cruiseWith(rules: IConfiguration, baseDir: string): Promise<ICruiseResult> {
  const { output } = await cruise(['src'], {
    ...rules.options,
    validate: true,
    ruleSet: { forbidden: rules.forbidden ?? [] },
    baseDir,
  });
  return output as ICruiseResult;
}

/** Both passes of the rules over a tree: every import, then the runtime graph alone. */
async function cruiseTree(
  baseDir: string,
): Promise<{ all: ICruiseResult; runtime: ICruiseResult }> {
  const [all, run] = await Promise.all([cruiseWith(config, baseDir), cruiseWith(runtime, baseDir)]);
  return { all, runtime: run };
}

/** One line per violation: `rule: from → to` (a cycle: its path). */
const violationsOf = (results: { all: ICruiseResult; runtime: ICruiseResult }): string[] =>
  [...results.all.summary.violations, ...results.runtime.summary.violations]
    .map((v) =>
      v.cycle
        ? `${v.rule.name}: ${v.from} → ${v.cycle.map((step) => step.name).join(' → ')}`
        : `${v.rule.name}: ${v.from} → ${v.to}`,
    )
    .sort();

/**
 * The unit (module or wing) a file belongs to: modules/<name>, a top-level folder, or "top" for
 * the composition files (app.ts, main.ts, …). observability/metrics.ts, the metrics registry
 * that anyone may count with, is a floor of its own: jobs/ counts with it, and the rest of
 * observability/ reads jobs/.
 */
function unitOf(file: string): string {
  if (file === 'src/observability/metrics.ts') return 'observability/metrics.ts';
  const parts = file.replace(/^src\//, '').split('/');
  if (parts.length === 1) return 'top';
  return parts[0] === 'modules' ? `modules/${parts[1]}` : parts[0]!;
}

/** Edges the cycle check between units leaves out, each a documented exception. */
function exempt(from: string, to: string, typeOnly: boolean): boolean {
  // db/database.ts assembles the Tables type from every module's table types (type-only; every
  // repository depends on db/ for it), the rule db-tables-are-types-only.
  if (from === 'src/db/database.ts' && typeOnly) return true;
  // config/ parses COFRE_FEES with pricing/fees.ts (index-only:pricing, config-is-a-floor).
  return from.startsWith('src/config/') && to === 'src/pricing/fees.ts';
}

/** Cycles between units, each as `a → b → … → a` with one file edge per step. */
function unitCycles(result: ICruiseResult): string[] {
  const edges = new Map<string, Map<string, string>>();
  for (const module of result.modules) {
    if (!module.source.startsWith('src/')) continue;
    for (const dep of module.dependencies) {
      if (!dep.resolved.startsWith('src/')) continue;
      if (exempt(module.source, dep.resolved, dep.dependencyTypes.includes('type-only'))) continue;
      const [a, b] = [unitOf(module.source), unitOf(dep.resolved)];
      if (a === b) continue;
      const out = edges.get(a) ?? new Map<string, string>();
      if (!out.has(b)) out.set(b, `${module.source} → ${dep.resolved}`);
      edges.set(a, out);
    }
  }
  // A unit is in a cycle when it reaches itself; report each cycle once, from its smallest unit.
  const cycles = new Set<string>();
  for (const start of edges.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    const walk = (unit: string): void => {
      for (const [next, example] of edges.get(unit) ?? []) {
        if (next === start) {
          const units = [...path.map((p) => p.split(' ')[0]!), unit];
          if (units.every((u) => u >= start))
            cycles.add([...path, `${unit} (${example})`].join(' → '));
        } else if (!seen.has(next)) {
          seen.add(next);
          path.push(`${unit} (${example})`);
          walk(next);
          path.pop();
        }
      }
    };
    walk(start);
  }
  return [...cycles].sort();
}

describe('the layer rules (.dependency-cruiser.cjs)', () => {
  // The cruises of the server (a few seconds), shared by the two checks on it.
  let serverCruise: ReturnType<typeof cruiseTree> | undefined;
  const cruiseServer = () => (serverCruise ??= cruiseTree(server));

  it('hold for every import in packages/server/src', { timeout: 60_000 }, async () => {
    const result = await cruiseServer();
    expect(result.all.summary.totalCruised).toBeGreaterThan(200);
    expect(result.runtime.summary.totalCruised).toBeGreaterThan(200);
    expect(violationsOf(result)).toEqual([]);
  });

  it('leave no cycle between two modules or wings', { timeout: 60_000 }, async () => {
    expect(unitCycles((await cruiseServer()).all)).toEqual([]);
  });

  it('report each kind of violation in a tree that breaks them', { timeout: 60_000 }, async () => {
    const result = await cruiseTree(fixture);
    expect(violationsOf(result)).toEqual([
      // db/database.ts reaching a unit's index.ts, type-only: the barrel of issue 24.
      'db-tables-from-table-files: src/db/database.ts → src/operations/index.ts',
      'index-only:modules/accounts: src/modules/quotes/quotes.service.ts → src/modules/accounts/accounts.repository.ts',
      'lib-is-a-floor: src/lib/reaches-up.ts → src/modules/accounts/index.ts',
      // The table the lifecycle reads (kinds/lifecycles.ts) holds only <kind>.ts files, and the
      // lifecycle never reads the registry: either edge is how issue 24's cycle closed.
      'lifecycle-reads-no-registry: src/operations/lifecycle/operations.lifecycle.ts → src/operations/kinds/registry.ts',
      'lifecycle-table-is-kind-files: src/operations/kinds/lifecycles.ts → src/operations/kinds/transfer/index.ts',
      'no-cross-module-repository: src/modules/quotes/quotes.service.ts → src/modules/accounts/accounts.repository.ts',
      // Once, and not the type-only cycle typed-a.ts ⇄ typed-b.ts.
      'no-runtime-cycles: src/modules/quotes/first.ts → src/modules/quotes/second.ts → src/modules/quotes/first.ts',
      // The runtime cycle behind that type-only barrel, which a rule over every import missed: the
      // cycle it records for each edge runs through a type-only hop (Db), and viaOnly judges that one.
      'no-runtime-cycles: src/operations/kinds/registry.ts → src/operations/kinds/transfer/index.ts → src/operations/kinds/transfer/transfer.request.ts → src/operations/lifecycle/operations.lifecycle.ts → src/operations/kinds/registry.ts',
      expect.stringMatching(
        /^repositories-know-no-http: src\/modules\/quotes\/quotes\.service\.ts → .*node_modules\/fastify\//,
      ),
    ]);
  });

  it('find a cycle between two units', () => {
    const module = (source: string, ...targets: string[]) => ({
      source,
      dependencies: targets.map((resolved) => ({ resolved, dependencyTypes: ['local'] })),
    });
    const result = {
      modules: [
        module('src/modules/quotes/quotes.service.ts', 'src/operations/index.ts'),
        module('src/operations/usable-quote.ts', 'src/modules/quotes/index.ts'),
      ],
    } as unknown as ICruiseResult;
    expect(unitCycles(result)).toEqual([
      'modules/quotes (src/modules/quotes/quotes.service.ts → src/operations/index.ts) → operations (src/operations/usable-quote.ts → src/modules/quotes/index.ts)',
    ]);
  });
});
