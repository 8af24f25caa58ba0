import { execFile, execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helpers/test-app.js';
import { ENGINES } from '../../server/test/helpers/test-db.js';

// The README's install instructions, run as written: `npm pack -w packages/sdk` at the
// repository root, then `npm install ./cofre-sdk-<version>.tgz` in a blank project (offline:
// the SDK has no dependencies, so nothing else is fetched). Uses the build `npm test` makes
// first (tsc -b).
const SDK_DIR = fileURLToPath(new URL('..', import.meta.url));
const ROOT = resolve(SDK_DIR, '../..');
const manifest = JSON.parse(readFileSync(join(SDK_DIR, 'package.json'), 'utf8')) as {
  version: string;
  [key: string]: unknown;
};
const TARBALL = `cofre-sdk-${manifest.version}.tgz`;
const PACK_COMMAND = 'npm pack -w packages/sdk';
const INSTALL_COMMAND = `npm install ./${TARBALL}`;
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) =>
  execFileSync(command, args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });

/** Every file under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(join(dir, f)).isFile())
    .map((f) => f.split('\\').join('/'));

const work = mkdtempSync(join(tmpdir(), 'cofre-sdk-pack-'));
const app = join(work, 'app');
const unpacked = join(work, 'unpacked');
let packOutput = '';

beforeAll(() => {
  packOutput = run('npm', PACK_COMMAND.split(' ').slice(1), ROOT);
  // npm pack writes into the current directory; move it out of the work tree at once.
  mkdirSync(app);
  renameSync(join(ROOT, TARBALL), join(app, TARBALL));
  mkdirSync(unpacked);
  run('tar', ['xzf', join(app, TARBALL), '-C', unpacked], work);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the SDK package', () => {
  it('documents the commands this test runs', () => {
    const readme = readFileSync(join(SDK_DIR, 'README.md'), 'utf8');
    expect(readme).toContain(PACK_COMMAND);
    expect(readme).toContain(INSTALL_COMMAND);
    expect(packOutput.trim().split('\n').at(-1)).toBe(TARBALL);
  });

  it('declares what a published package needs, with no runtime dependency', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest).toMatchObject({
      license: 'Apache-2.0',
      author: expect.any(String),
      exports: {
        '.': { types: './dist/index.d.ts', default: './dist/index.js' },
        './webhooks': { types: './dist/webhooks/index.d.ts', default: './dist/webhooks/index.js' },
      },
      peerDependenciesMeta: { 'better-sqlite3': { optional: true } },
    });
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('passes npm publish --dry-run without a warning about the package', () => {
    const result = spawnSync('npm', ['publish', '--dry-run', '-w', 'packages/sdk'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    // Not about the package: a dry run without a registry login, and this machine's npmrc.
    const unrelated = /requires you to be logged in|Unknown (user|env) config/;
    const warnings = result.stderr
      .split('\n')
      .filter((line) => /^npm (warn|error)/i.test(line) && !unrelated.test(line));
    expect(warnings).toEqual([]);
    expect(result.stderr).toContain(`@cofre/sdk@${manifest.version}`);
  }, 60_000);

  it('ships the build, its sources and the README, and every source map resolves inside the tarball', () => {
    const root = join(unpacked, 'package');
    const files = filesUnder(root);
    expect(files).toEqual(
      expect.arrayContaining([
        'README.md',
        'package.json',
        'dist/index.js',
        'dist/index.d.ts',
        'src/index.ts',
      ]),
    );
    expect(files.filter((f) => !/^(dist\/|src\/|README\.md$|package\.json$)/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.tsbuildinfo'))).toEqual([]);
    const maps = files.filter((f) => f.endsWith('.map'));
    expect(maps.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const file of files.filter((f) => /\.(js|d\.ts)$/.test(f))) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(
        readFileSync(join(root, file), 'utf8'),
      )?.[1];
      if (url !== undefined && !existsSync(join(root, dirname(file), url)))
        missing.push(`${file} → ${url}`);
    }
    for (const map of maps) {
      const { sources } = JSON.parse(readFileSync(join(root, map), 'utf8')) as {
        sources: string[];
      };
      for (const source of sources) {
        const target = join(root, dirname(map), source);
        if (!existsSync(target) || relative(root, target).startsWith('..'))
          missing.push(`${map} → ${source}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('installs into a blank project offline with the documented command, and type-checks there', () => {
    run('npm', ['init', '-y'], app);
    run(
      'npm',
      [...INSTALL_COMMAND.split(' ').slice(1), '--offline', '--no-audit', '--no-fund'],
      app,
    );
    const installed = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    expect(installed.dependencies['@cofre/sdk']).toBe(`file:${TARBALL}`);
    expect(readdirSync(join(app, 'node_modules'))).toEqual(['.package-lock.json', '@cofre']);

    cpSync(join(SDK_DIR, 'test/fixtures/blank-project'), app, { recursive: true });
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'es2022',
          strict: true,
          noEmit: true,
          typeRoots: [join(ROOT, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['check-types.ts'],
      }),
    );
    // No skipLibCheck: the shipped declarations themselves must check in a consumer's project.
    expect(run(process.execPath, [TSC, '-p', '.'], app)).toBe('');
  }, 120_000);
});

describe.each(ENGINES)('the installed SDK against the real server on %s', (engine) => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const runScript = async (script: string) => {
    const { clientId, clientSecret } = await t.createClient(`Installed SDK ${script}`);
    // Not execFileSync: the server answering the script runs in this process.
    const { stdout: out } = await promisify(execFile)(process.execPath, [script], {
      cwd: app,
      encoding: 'utf8',
      env: {
        ...process.env,
        COFRE_URL: baseUrl,
        COFRE_CLIENT_ID: clientId,
        COFRE_CLIENT_SECRET: clientSecret,
      },
    });
    return JSON.parse(out.trim().split('\n').at(-1)!);
  };

  it('runs an ESM script: an account created and read back, with the package’s User-Agent', async () => {
    const result = await runScript('esm-smoke.mjs');
    expect(result).toMatchObject({
      version: manifest.version,
      sameAccount: true,
      accountType: 'CHECKING',
      verifiedEventId: 'evt_smoke',
      receiverKit: 'function',
    });
    expect(new Set(result.userAgents)).toEqual(
      new Set([`cofre-sdk/${manifest.version} node/${process.version}`]),
    );
  });

  it('runs a CommonJS script through require() (Node ≥ 20.19 loads the ES module)', async () => {
    expect(await runScript('cjs-smoke.cjs')).toEqual({ version: manifest.version, accounts: 1 });
  });
});
