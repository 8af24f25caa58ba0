import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every compiled module of the server must load when it is the first thing a process imports
// (docs/architecture.md "Layers"; issue 24: dist/operations/kinds/transfer/transfer.request.js
// imported first threw `ReferenceError: Cannot access 'transferRequest' before initialization`,
// while the server started, because its entry reached the registry by another path first).
// It reads dist/, which `npm test` builds first (tsc -b).
const server = fileURLToPath(new URL('../../', import.meta.url));
const src = path.join(server, 'src');
const dist = path.join(server, 'dist');

/** Every module compiled from src/ (a file tsc -b left in dist/ from a deleted source is not). */
const modules = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
  .map((file) => path.join(dist, file.replace(/\.ts$/, '.js')))
  .sort();

/**
 * What node evaluates before a compiled module: its static `import … from`, `export … from` and
 * `import '…'` of our own files (an `import()` runs later, and tsc left no type-only import).
 * Read from the emitted text, not from the layer rules' cruise of src/: this check stands alone.
 */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const statements = /^\s*(?:import|export)\b[^;'"]*?['"](\.{1,2}\/[^'"]+)['"]/gm;
  return [...text.matchAll(statements)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

/**
 * The modules whose static imports reach a cycle (a strongly connected set of more than one
 * module, or one importing itself). Only for those does it matter which module a process imports
 * first: ES modules evaluate an acyclic graph dependencies first, so every binding a module reads
 * while it loads is initialised, whoever imported it; in a cycle, the module entered first runs
 * last, and one that reads a neighbour's binding at load time can find it uninitialised.
 */
function reachingACycle(graph: Map<string, string[]>): Set<string> {
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cyclic = new Set<string>();
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) {
      for (const c of component) cyclic.add(c);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const reaches = new Map<string, boolean>();
  const reachesCycle = (v: string, seen = new Set<string>()): boolean => {
    const known = reaches.get(v);
    if (known !== undefined) return known;
    seen.add(v);
    const answer =
      cyclic.has(v) || (graph.get(v) ?? []).some((w) => !seen.has(w) && reachesCycle(w, seen));
    reaches.set(v, answer);
    return answer;
  };
  return new Set([...graph.keys()].filter((v) => reachesCycle(v)));
}

/** A fresh node importing `files` in order; what failed, with the first line of its error. */
function importInFreshProcess(files: readonly string[]): Promise<string | undefined> {
  const script = `
    for (const url of process.argv.slice(1)) {
      try {
        await import(url);
      } catch (error) {
        process.stderr.write(url + '\\n' + String(error?.stack ?? error));
        process.exit(1);
      }
    }
    process.exit(0);`;
  // Exactly the environment a cofre process would have, without COFRE_* settings.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(
    process.execPath,
    ['--input-type=module', '--eval', script, ...files.map((f) => pathToFileURL(f).href)],
    { env, stdio: ['ignore', 'ignore', 'pipe'], timeout: 60_000 },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      if (code === 0) return resolve(undefined);
      const [url = '', message = `exited ${code ?? signal}`] = stderr.split('\n');
      const file = url.startsWith('file:') ? fileURLToPath(url) : (files[0] ?? '');
      resolve(`${path.relative(server, file)}: ${message}`);
    });
  });
}

/** Runs `tasks` with at most `width` at a time. */
async function inPool<T>(width: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  let taken = 0;
  const lane = async () => {
    while (taken < tasks.length) {
      const i = taken++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, lane));
  return results;
}

describe('the compiled server (dist/)', () => {
  it('loads every module when it is the first one imported', { timeout: 300_000 }, async () => {
    expect(modules.length).toBeGreaterThan(300);
    const missing = modules.filter((file) => !existsSync(file));
    expect(missing, 'dist/ is older than src/: build first (tsc -b, or npm test)').toEqual([]);

    const ours = new Set(modules);
    const graph = new Map(modules.map((m) => [m, importsOf(m).filter((d) => ours.has(d))]));
    const alone = reachingACycle(graph);
    // Each module that reaches a cycle first in its own fresh process; every other one loads the
    // same whoever comes first, so one more fresh process imports them all, one after another.
    const together = modules.filter((m) => !alone.has(m));
    const width = Math.max(1, Math.min(4, availableParallelism()));
    const failures = await inPool(width, [
      ...[...alone].map((m) => () => importInFreshProcess([m])),
      () => importInFreshProcess(together),
    ]);
    expect(failures.filter((f) => f !== undefined)).toEqual([]);
  });
});
