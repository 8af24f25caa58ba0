import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  ENGINES,
  type TestDatabase,
} from '../../../server/test/helpers/test-db.js';
import { waitFor } from '../../../server/test/helpers/wait-for.js';

/** The committed bin, which loads the built CLI; the test command runs `tsc -b` first. */
const BIN = fileURLToPath(new URL('../../bin/cofre.js', import.meta.url));

interface Served {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running = new Set<ChildProcess>();

/** stdout parsed as the log stream it must be: one JSON object per line. */
function logLines(stdout: string): { msg?: string; [key: string]: unknown }[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string };
      } catch {
        throw new Error(`a log line that is not JSON: ${line}`);
      }
    });
}

/**
 * Starts `cofre serve` on an ephemeral port and waits until its log says where it listens; or
 * `cofre worker`, until its log says it started (`url` is then empty).
 */
async function serve(databaseUrl: string, command: 'serve' | 'worker' = 'serve'): Promise<Served> {
  // Only the settings under test: an inherited COFRE_* variable (e.g. TEST_ENGINES) would
  // be reported as an unknown setting.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('COFRE_')),
  );
  const child = spawn(process.execPath, [BIN, command], {
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      COFRE_DATABASE_URL: databaseUrl,
      COFRE_LOG_LEVEL: 'info',
      COFRE_LOG_FORMAT: 'json',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const url = await waitFor(
    'the listening line',
    () => {
      if (gone) throw new Error(`cofre ${command} exited early:\n${out}\n${err}`);
      // Only complete lines: a chunk may end mid-line.
      const complete = out.slice(0, out.lastIndexOf('\n') + 1);
      for (const line of logLines(complete)) {
        if (command === 'worker' && line.msg === 'worker started') return '';
        const url = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line.msg ?? '')?.[1];
        if (url) return url;
      }
      return undefined;
    },
    { timeoutMs: 15_000 },
  );
  return { child, url, stdout: () => out, stderr: () => err, exited };
}

/** SIGTERM, then the exit status (within a deadline). */
async function stop(served: Served) {
  served.child.kill('SIGTERM');
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('cofre serve did not exit after SIGTERM')), 10_000).unref(),
  );
  return Promise.race([served.exited, timeout]);
}

const requestToken = (url: string, clientId: string, clientSecret: string) =>
  fetch(`${url}/v1/oauth/client/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId, clientSecret }),
  });

describe.each(ENGINES)('cofre serve on %s', (engine) => {
  let database: TestDatabase;
  let demo: { clientId: string; clientSecret: string; token: string } | undefined;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterEach(() => {
    // A failed test must not leave its server behind.
    for (const child of running) child.kill('SIGKILL');
  });
  afterAll(() => database.drop());

  it('prints demo credentials once on first start, serves health and tokens, and exits 0 on SIGTERM', async () => {
    const served = await serve(database.url);
    // The credentials are for the person at the terminal (stderr), never in the log (stdout).
    const clientId = await waitFor(
      'the demo client id',
      () => /clientId:\s+(cli_\S+)/.exec(served.stderr())?.[1],
    );
    const clientSecret = /clientSecret:\s+(\S+)/.exec(served.stderr())?.[1];
    expect(clientSecret).toBeDefined();
    // With the way back, should they be lost.
    expect(served.stderr()).toContain(`npx cofre clients rotate-secret ${clientId}`);
    expect(served.stderr()).toContain('npx cofre clients create');

    for (const path of ['/healthz', '/readyz']) {
      const res = await fetch(`${served.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-request-id')).toBeTruthy();
    }

    const tokenRes = await requestToken(served.url, clientId, clientSecret!);
    expect(tokenRes.status).toBe(200);
    const { accessToken } = (await tokenRes.json()) as { accessToken: string };
    const accounts = await fetch(`${served.url}/v1/accounts`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(accounts.status).toBe(200);
    demo = { clientId: clientId, clientSecret: clientSecret!, token: accessToken };

    expect(await stop(served)).toEqual({ code: 0, signal: null });
    // The secret was printed once, and neither it nor the token reached a log line.
    expect(served.stderr().split(clientSecret!).length - 1).toBe(1);
    expect(served.stdout()).not.toContain(clientSecret!);
    expect(served.stdout()).not.toContain(accessToken);
    // Every line of the log stream is JSON: requests, listening, worker start, shutdown.
    const lines = logLines(served.stdout());
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['worker started', 'request completed']),
    );
  });

  it('does not print credentials again on a second start, and earlier credentials still work', async () => {
    expect(demo, 'needs the first start').toBeDefined();
    const served = await serve(database.url);
    expect(served.stdout() + served.stderr()).not.toMatch(/clientSecret/);
    expect(served.stdout() + served.stderr()).not.toContain(demo!.clientSecret);

    expect((await requestToken(served.url, demo!.clientId, demo!.clientSecret)).status).toBe(200);
    const accounts = await fetch(`${served.url}/v1/accounts`, {
      headers: { authorization: `Bearer ${demo!.token}` },
    });
    expect(accounts.status).toBe(200);

    expect(await stop(served)).toEqual({ code: 0, signal: null });
    expect(() => logLines(served.stdout())).not.toThrow();
  });

  it('logs JSON lines only from the worker role, which has no HTTP app', async () => {
    const served = await serve(database.url, 'worker');
    expect(await stop(served)).toEqual({ code: 0, signal: null });
    expect(logLines(served.stdout()).map((line) => line.msg)).toContain('worker started');
    expect(served.stderr()).toBe('');
  });
});
