import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './helpers/readme-snippets.js';

const run = promisify(execFile);

/**
 * Issue 27 point 7: `npm ci` was silent for minutes — better-sqlite3 compiling SQLite (npm hides
 * dependencies' install scripts by default), then `tsc -b` and the console's build without a
 * word. Now npm shows the dependency scripts as they run (the repository's .npmrc), and the
 * build says what each step builds, why, and how long it took.
 */
describe('npm ci on a fresh clone', () => {
  it("shows dependencies' install scripts as they run (foreground-scripts in .npmrc)", async () => {
    const { stdout } = await run('npm', ['config', 'get', 'foreground-scripts'], {
      cwd: REPO_ROOT,
    });
    expect(stdout.trim()).toBe('true');
  });

  it('runs the announcing build as prepare, and as npm run build', () => {
    const manifest = JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.prepare).toBe('node scripts/build.mjs');
    expect(manifest.scripts.build).toBe('node scripts/build.mjs');
  });

  it('names each build step, why it runs and how long it took', async () => {
    const { stdout } = await run(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT });
    const steps = stdout.split('\n').filter((line) => line.startsWith('cofre build '));
    expect(steps).toEqual([
      expect.stringMatching(
        /^cofre build 1\/2: compiling the TypeScript packages .*tsc -b \(.+\)$/,
      ),
      expect.stringMatching(/^cofre build 1\/2: done in \d+\.\d s$/),
      expect.stringMatching(/^cofre build 2\/2: building the web console .*Vite \(.+\)$/),
      expect.stringMatching(/^cofre build 2\/2: done in \d+\.\d s$/),
    ]);
  }, 120_000);
});
