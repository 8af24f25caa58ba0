// The one place bench:list and bench:money (and the children they spawn) get the server from:
// `@cofre/server` and `@cofre/server/internals`, resolved from this checkout, or, with
// BENCH_CHECKOUT=/path/to/another/checkout (built: `npx tsc -b` there), from that checkout's
// package, through its own package.json `exports` like any importer would. Server, seeding,
// migrations and keys then come from the other build, while the benchmark code, hello-world and
// autocannon stay this checkout's: two builds measured by the same harness, in one process tree.
// Children inherit BENCH_CHECKOUT (servers.mjs passes every non-COFRE_ variable on).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The other checkout's root, or undefined for this one. */
export const checkout = process.env.BENCH_CHECKOUT
  ? resolve(process.env.BENCH_CHECKOUT)
  : undefined;

/**
 * The file `specifier` (`@cofre/server` or `@cofre/server/internals`) resolves to in the checkout
 * at `dir` (this one when undefined), through that package's own `exports`.
 */
export function resolveFrom(dir, specifier) {
  const root = resolve(dir ?? fileURLToPath(new URL('../..', import.meta.url)));
  // Resolved as if imported from inside that checkout's workspace (its node_modules link).
  const require = createRequire(join(root, 'packages', 'server', 'package.json'));
  let file;
  try {
    file = require.resolve(specifier);
  } catch (error) {
    throw new Error(
      `${root}: cannot resolve ${specifier} there (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (!existsSync(file)) {
    throw new Error(`${root}: ${file} does not exist; run \`npx tsc -b\` there`);
  }
  return file;
}

/** `specifier` from the checkout at `dir`, or from this one (a plain import) when undefined. */
export async function loadFrom(dir, specifier) {
  if (!dir) return import(specifier);
  return import(pathToFileURL(resolveFrom(dir, specifier)).href);
}

const load = (specifier) => loadFrom(checkout, specifier);

/** `@cofre/server` of the measured checkout. */
export const server = await load('@cofre/server');

/** `@cofre/server/internals` of the measured checkout, loaded on first use. */
export const internals = () => load('@cofre/server/internals');

/** What the results record about the build measured: its checkout and commit. */
export function measuredBuild() {
  const dir = checkout ?? resolve(fileURLToPath(new URL('../..', import.meta.url)));
  let commit;
  try {
    commit = execFileSync('git', ['-C', dir, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    commit = undefined; // not a git checkout
  }
  return {
    checkout: dir,
    other: checkout !== undefined,
    commit,
    serverModule: resolveFrom(checkout, '@cofre/server'),
  };
}
