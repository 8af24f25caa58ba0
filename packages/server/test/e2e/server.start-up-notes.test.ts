import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { consoleAssetsDir } from '../../src/modules/console/index.js';
import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type LogLine,
} from '../helpers/cofre-process.js';

const ADMIN_TOKEN = 'start-up-notes-admin-token-0123456789abcdef';
const dir = mkdtempSync(join(tmpdir(), 'cofre-start-up-'));

const listening = (line: LogLine) => /^Server listening at (\S+)$/.exec(line.msg ?? '')?.[1];

/**
 * Issue 27 point 7: a person starting cofre learns, on every start and not only the first,
 * where the console and the API docs are and whether the back-office is on; production whose
 * keys nobody configured says so. One engine: what is logged does not depend on it.
 */
describe('what cofre serve says when it starts', () => {
  afterEach(killAllCofreProcesses);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /**
   * Starts `cofre serve` with `env` until its worker has started (logged after the notes under
   * test), stops it, and returns its log lines and address.
   */
  const serveOnce = async (env: Record<string, string>) => {
    const served = await startCofreProcess(
      'serve',
      { PORT: '0', HOST: '127.0.0.1', ...env },
      (line) => (line.msg === 'worker started' ? true : undefined),
    );
    const lines = served.lines();
    await stopCofreProcess(served);
    const url = lines.map(listening).find((u) => u !== undefined);
    expect(url).toBeDefined();
    return { url: url!, lines };
  };
  const where = (lines: LogLine[]) => lines.find((l) => typeof l.backOffice === 'boolean');
  // The console is there when its build is (npm ci builds it): what app.ts serves.
  const consoleAt = (url: string) => (consoleAssetsDir() ? `${url}/console/` : 'not-built');

  it('names the console, the docs and the back-office on the first start and every later one', async () => {
    const database = join(dir, 'sandbox.db');
    const first = await serveOnce({ COFRE_DATABASE_URL: database, COFRE_ADMIN_TOKEN: ADMIN_TOKEN });
    expect(where(first.lines)).toMatchObject({
      level: 30,
      console: consoleAt(first.url),
      docs: `${first.url}/docs`,
      backOffice: true,
      msg: expect.stringContaining('back-office: on'),
    });
    // A later start (no demo client to show any more) without the admin token.
    const again = await serveOnce({ COFRE_DATABASE_URL: database });
    expect(where(again.lines)).toMatchObject({
      console: consoleAt(again.url),
      docs: `${again.url}/docs`,
      backOffice: false,
      msg: expect.stringMatching(/back-office: off \(set COFRE_ADMIN_TOKEN/),
    });
    const off = await serveOnce({ COFRE_DATABASE_URL: database, COFRE_CONSOLE: 'false' });
    expect(where(off.lines)).toMatchObject({
      console: 'off',
      msg: expect.stringContaining('Console: off (COFRE_CONSOLE=false)'),
    });
  });

  it('warns in production when the signing keys are not configured, and not once they are', async () => {
    const database = join(dir, 'production.db');
    const generated = await serveOnce({
      COFRE_ENVIRONMENT: 'production',
      COFRE_DATABASE_URL: database,
    });
    const warning = generated.lines.find((l) => l.level === 40 && Array.isArray(l.missing));
    expect(warning).toMatchObject({
      missing: ['COFRE_TOKEN_SIGNING_KEY', 'COFRE_CURSOR_SECRET'],
      msg: expect.stringContaining('Production without COFRE_TOKEN_SIGNING_KEY'),
    });

    const configured = await serveOnce({
      COFRE_ENVIRONMENT: 'production',
      COFRE_DATABASE_URL: join(dir, 'production-keys.db'),
      COFRE_TOKEN_SIGNING_KEY: generateKeyPairSync('ed25519')
        .privateKey.export({ format: 'pem', type: 'pkcs8' })
        .toString(),
      COFRE_CURSOR_SECRET: randomBytes(32).toString('base64url'),
    });
    expect(configured.lines.filter((l) => l.level === 40)).toEqual([]);
    expect(where(configured.lines)).toBeDefined();
  });

  it('keeps quiet about keys in the sandbox, where generated keys are the design', async () => {
    const sandbox = await serveOnce({ COFRE_DATABASE_URL: join(dir, 'quiet.db') });
    expect(sandbox.lines.filter((l) => l.level === 40)).toEqual([]);
  });
});
