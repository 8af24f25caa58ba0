import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe('the SDK package', () => {
  const work = mkdtempSync(join(tmpdir(), 'cofre-sdk-pack-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('declares what a published package needs', () => {
    const manifest = JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('Apache-2.0');
    expect(manifest.exports['.']).toEqual({
      types: './dist/index.d.ts',
      default: './dist/index.js',
    });
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(readFileSync(join(SDK_DIR, 'README.md'), 'utf8')).toContain('npm install @cofre/sdk');
  });

  // Uses the build that `npm test` makes first (tsc -b).
  it('packs only the build and the README, and installs and imports from the tarball', () => {
    const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], SDK_DIR)) as {
      filename: string;
      files: { path: string }[];
    }[];
    const files = packed!.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'dist/index.js', 'dist/index.d.ts']),
    );
    expect(files.filter((f) => !/^(dist\/|README\.md$|package\.json$)/.test(f))).toEqual([]);
    expect(files.some((f) => f.endsWith('.tsbuildinfo'))).toBe(false);

    const app = join(work, 'app');
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module' }));
    npm(
      [
        'install',
        join(work, packed!.filename),
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
      ],
      app,
    );
    const out = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "import * as sdk from '@cofre/sdk'; console.log([typeof sdk.CofreClient, typeof sdk.verifyWebhook].join(' '));",
      ],
      { cwd: app, encoding: 'utf8' },
    );
    expect(out.trim()).toBe('function function');
  });
});
