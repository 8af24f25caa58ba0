// `npm run build`, and `prepare`, which `npm ci` runs after installing: compiles the TypeScript
// packages, then builds the web console. Each step says what it builds, why, and how long it took,
// so the minute a first build takes is never a silent terminal (README "Quick start").
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

const steps = [
  {
    what: 'compiling the TypeScript packages (server, SDK, CLI) into their dist/ with tsc -b',
    why: 'the CLI and the server run the compiled JavaScript; a first build takes about a minute, later ones redo only what changed',
    args: [require.resolve('typescript/bin/tsc'), '-b'],
  },
  {
    what: 'building the web console (packages/console) with Vite',
    why: 'the server serves it at /console; skipped while dist/ is newer than its sources',
    args: [fileURLToPath(new URL('../packages/console/scripts/build.mjs', import.meta.url))],
  },
];

for (const [index, step] of steps.entries()) {
  console.log(`cofre build ${index + 1}/${steps.length}: ${step.what} (${step.why})`);
  const started = Date.now();
  const { status, signal } = spawnSync(process.execPath, step.args, {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) {
    console.error(`cofre build: ${step.what} failed (${signal ?? `exit ${status}`})`);
    process.exit(status ?? 1);
  }
  console.log(
    `cofre build ${index + 1}/${steps.length}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}
