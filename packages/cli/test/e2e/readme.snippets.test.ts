import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type CofreProcess,
} from '../../../server/test/helpers/cofre-process.js';
import { waitFor } from '../../../server/test/helpers/wait-for.js';
import { fillIn, readmeSnippets, REPO_ROOT, snippetWith } from '../helpers/readme-snippets.js';

/**
 * The README followed as a newcomer does: its commands pasted in order into a shell in the
 * repository, against `cofre serve` (the server `npm start` runs), with only what the README
 * asks the reader to fill in changed — the client's credentials and the receiver's URL — and
 * the server's address, the README's `http://127.0.0.1:8080`, pointed at this test's server.
 *
 * Fast and not flaky: the sandbox's steps are 200 ms apart instead of 2 s, and the tour's
 * `sleep N` ("wait for a simulated step") waits until no sandbox step is left to run (the
 * back-office's job counts), instead of a guessed time — so a loaded machine makes the test
 * slower, never wrong, and a missing wait in the README still fails it.
 */

const ADMIN_TOKEN = 'readme-snippets-admin-token-0123456789abcdef';
const README_URL = 'http://127.0.0.1:8080';
/** A line the test prints between two parts of one shell run, to tell their outputs apart. */
const PART = '--- readme-snippets-part ---';
const snippets = readmeSnippets();

let dir: string;
let server: CofreProcess & { ready: string };
let demo: { customerId: string; clientId: string; clientSecret: string };
/** The COFRE_* settings of the server, which the reader's shell shares (same database). */
let env: Record<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cofre-readme-'));
  env = {
    PORT: '0',
    HOST: '127.0.0.1',
    COFRE_DATABASE_URL: join(dir, 'cofre.db'),
    COFRE_ADMIN_TOKEN: ADMIN_TOKEN,
    COFRE_SANDBOX_STEP_DELAY_MS: '200',
  };
  server = await startCofreProcess(
    'serve',
    env,
    (line) => /Server listening at (http:\/\/\S+)/.exec(line.msg ?? '')?.[1],
  );
  demo = await waitFor('the demo credentials on stderr', () => {
    const customerId = /customerId:\s+(cus_\S+)/.exec(server.stderr())?.[1];
    const clientId = /clientId:\s+(cli_\S+)/.exec(server.stderr())?.[1];
    const clientSecret = /clientSecret:\s+(\S+)/.exec(server.stderr())?.[1];
    return customerId && clientId && clientSecret
      ? { customerId, clientId, clientSecret }
      : undefined;
  });
});

afterAll(async () => {
  if (server) await stopCofreProcess(server);
  await killAllCofreProcesses();
  rmSync(dir, { recursive: true, force: true });
});

describe('the README, pasted in order', () => {
  it('rotates the lost secret, gets a token and tours the sandbox, one JSON answer per line', async () => {
    const rotate = snippetWith(snippets, 'sh', 'clients rotate-secret');
    const rotated = await shell(fillIn(rotate, [['cli_…', demo.clientId]]));
    expect(rotated.code, rotated.stderr).toBe(0);
    const secret = /clientSecret:\s+(\S+)/.exec(rotated.stdout)?.[1];
    expect(secret, rotated.stdout).toBeDefined();

    const login = snippetWith(snippets, 'sh', '/v1/oauth/client/token');
    const tour = snippetWith(snippets, 'sh', '/v1/operations/swap');
    const practise = snippetWith(snippets, 'sh', 'admin operations receive');
    expect(tour.line).toBeGreaterThan(login.line);
    expect(practise.line).toBeGreaterThan(tour.line);
    const filled = fillIn(login, [
      ["CLIENT_ID='cli_…'", `CLIENT_ID='${demo.clientId}'`],
      ["CLIENT_SECRET='…'", `CLIENT_SECRET='${secret!}'`],
    ]);
    // One shell, as a reader's terminal: the practice uses the tour's `api` and `$ACCOUNT`.
    const run = await shell(`${filled}\n${tour.code}\necho ${PART}\n${practise.code}`, {
      settleSleeps: true,
    });
    expect(run.code, run.stderr).toBe(0);
    const [tourOut, practiseOut] = run.stdout.split(`${PART}\n`);
    const answers = jsonLines(tourOut!);
    // The accounts list, then the deposit, the swap, the PIX payment and the balances.
    expect(answers.map((a) => a.type ?? Object.keys(a).join(','))).toEqual([
      'data,meta',
      'DEPOSIT',
      'SWAP',
      'PIX_PAYMENT',
      'data',
    ]);
    // 1000.00 deposited, 500.00 converted, 25.00 paid by PIX; nothing left pending.
    expect(balance(answers[4]!, 'BRL')).toMatchObject({ available: '475.00', pending: '0.00' });
    expect(Number(balance(answers[4]!, 'USDT')?.available)).toBeGreaterThan(0);

    // The practice: a deposit of 100.77 waits (held for the back-office) until received by hand.
    const lines = practiseOut!.split('\n').filter((line) => line !== '');
    const deposit = JSON.parse(lines[0]!) as { id: string; status: string };
    expect(deposit).toMatchObject({ type: 'DEPOSIT', status: 'REQUESTED' });
    expect(lines[1]).toMatch(new RegExp(`^${deposit.id} {2}DEPOSIT 100.77 BRL {2}REQUESTED`));
    expect(lines[2]).toMatch(new RegExp(`^${deposit.id} {2}DEPOSIT 100.77 BRL {2}COMPLETED`));
    expect(balance(JSON.parse(lines[3]!) as Record<string, unknown>, 'BRL')).toMatchObject({
      available: '575.77',
    });
  }, 90_000);

  it('makes an admin token of the length the server asks for', async () => {
    const start = snippetWith(snippets, 'sh', 'export COFRE_ADMIN_TOKEN=');
    // The export line only: `npm start` is this test's server.
    const exported = start.code.split('\n').filter((line) => line.startsWith('export '));
    const run = await shell(`${exported.join('\n')}\necho "$COFRE_ADMIN_TOKEN"`);
    expect(run.stdout.trim().length).toBeGreaterThanOrEqual(32);
  });

  it('relays deliveries with cofre listen that the stock verifier accepts, every one', async () => {
    const verify = await verifierFromReadme();
    let signingSecret: string | undefined;
    const received: { type: string; verified: boolean; error?: string }[] = [];
    const receiver = createServer((request, response) => {
      void rawBodyOf(request).then((rawBody) => {
        const type = String(request.headers['x-event-type'] ?? '?');
        try {
          verify(signingSecret!, rawBody, request);
          received.push({ type, verified: true });
          response.writeHead(204).end();
        } catch (error) {
          received.push({ type, verified: false, error: (error as Error).message });
          response.writeHead(400).end();
        }
      });
    });
    const receiverUrl = await listenOn(receiver);
    const listen = snippetWith(snippets, 'sh', 'cofre listen');
    const client = await anotherClient();
    const relay = background(
      fillIn(listen, [
        ['COFRE_CLIENT_ID=cli_…', `COFRE_CLIENT_ID=${client.clientId}`],
        ['COFRE_CLIENT_SECRET=…', `COFRE_CLIENT_SECRET=${client.clientSecret}`],
        ['http://localhost:3000/webhooks', `${receiverUrl}/webhooks`],
      ]),
    );
    try {
      await waitFor(
        'cofre listen to be ready',
        () => {
          signingSecret = /Signing secret: (whsec_\S+)/.exec(relay.stderr())?.[1];
          if (relay.exited()) throw new Error(`cofre listen exited:\n${relay.stderr()}`);
          return signingSecret && relay.stderr().includes('Ready:') ? true : undefined;
        },
        { timeoutMs: 20_000 },
      );
      await openAccount(client, ['BRL', 'USDT']);
      // ACCOUNT_CREATED, then one ACCOUNT_ASSET_ACTIVATED per asset.
      await waitFor('three relayed deliveries', () => (received.length >= 3 ? true : undefined), {
        timeoutMs: 20_000,
      });
      expect(received.filter((r) => !r.verified)).toEqual([]);
      expect(received.map((r) => r.type)).toContain('ACCOUNT_CREATED');
    } finally {
      await relay.interrupt();
      receiver.close();
    }
  }, 90_000);
});

/** Every non-empty line of `text`, each parsed as one JSON answer. */
function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** One asset's row of a balances answer. */
function balance(answer: Record<string, unknown>, asset: string) {
  const rows = answer.data as { asset: string; available: string; pending: string }[];
  return rows.find((row) => row.asset === asset);
}

/** What a bash run printed and how it ended. */
interface ShellRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `script` in bash in the repository, with the server's settings in its environment (the
 * reader's shell, on the same database), the README's address pointed at the test server and,
 * with `settleSleeps`, `sleep` waiting for the sandbox's steps instead of a fixed time.
 */
function shell(script: string, options: { settleSleeps?: boolean } = {}): Promise<ShellRun> {
  const child = spawn('bash', ['-e', '-o', 'pipefail', '-c', prelude(script, options)], {
    cwd: REPO_ROOT,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

/** A long-running command (cofre listen) in its own process group, stopped as Ctrl-C would. */
function background(script: string) {
  const child = spawn('bash', ['-c', prelude(script, {})], {
    cwd: REPO_ROOT,
    env: shellEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stderr = '';
  let exited = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const closed = new Promise<void>((resolve) =>
    child.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  return {
    stderr: () => stderr,
    exited: () => exited,
    interrupt: async () => {
      if (!exited) process.kill(-child.pid!, 'SIGINT');
      await closed;
    },
  };
}

function shellEnv(): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] =>
        !entry[0].startsWith('COFRE_') && entry[1] !== undefined,
    ),
  );
  return { ...inherited, ...env, README_TEST_API: server.ready, README_TEST_ADMIN: ADMIN_TOKEN };
}

/**
 * The README's server address replaced by the test server's and, for the tour, `sleep` until
 * no sandbox step is due, scheduled or running (GET /admin/v1/jobs/stats).
 */
function prelude(script: string, { settleSleeps }: { settleSleeps?: boolean }): string {
  const settle = `sleep() {
  until curl -s "$README_TEST_API/admin/v1/jobs/stats" -H "authorization: Bearer $README_TEST_ADMIN" |
    node -e 'const s = JSON.parse(require("fs").readFileSync(0, "utf8"));
      const busy = s.kinds.filter((k) => k.kind.startsWith("sandbox.")).some((k) => k.due + k.scheduled + k.leased > 0);
      process.exit(busy ? 1 : 0)'; do command sleep 0.1; done
}
`;
  return `${settleSleeps ? settle : ''}${script.split(README_URL).join(server.ready)}\n`;
}

/**
 * Another API client of the demo customer, whose secret works at once (a rotation's new secret
 * may be refused for up to COFRE_CLIENT_CACHE_TTL_MS by a process that cached the old one).
 */
async function anotherClient(): Promise<{ clientId: string; clientSecret: string }> {
  const res = await fetch(`${server.ready}/admin/v1/customers/${demo.customerId}/clients`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'listen' }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { clientId: string; clientSecret: string };
}

async function openAccount(
  client: { clientId: string; clientSecret: string },
  assets: string[],
): Promise<void> {
  const token = await fetch(`${server.ready}/v1/oauth/client/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: client.clientId, clientSecret: client.clientSecret }),
  }).then(async (res) => ((await res.json()) as { accessToken: string }).accessToken);
  const res = await fetch(`${server.ready}/v1/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ type: 'CHECKING', assets }),
  });
  expect(res.status).toBe(201);
}

type Verify = (secret: string, rawBody: string, request: IncomingMessage) => unknown;

/**
 * The README's verifier as a function of what it names (`secret`, `rawBody`, `request`): its
 * imports kept at the top of a module, its statements as the function's body. Written beside
 * node_modules so its bare imports resolve as in the reader's project.
 */
async function verifierFromReadme(): Promise<Verify> {
  const snippet = snippetWith(snippets, 'js', '.verify(rawBody, request.headers)');
  const lines = snippet.code.split('\n');
  const imports = lines.filter((l) => l.startsWith('import '));
  const body = lines.filter((l) => !l.startsWith('import '));
  const cache = join(REPO_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const moduleDir = mkdtempSync(join(cache, 'cofre-readme-'));
  const file = join(moduleDir, 'verify.mjs');
  writeFileSync(
    file,
    `${imports.join('\n')}\nexport function verify(secret, rawBody, request) {\n${body.join('\n')}\nreturn event;\n}\n`,
  );
  try {
    const module = (await import(pathToFileURL(file).href)) as { verify: Verify };
    return module.verify;
  } finally {
    rmSync(moduleDir, { recursive: true, force: true });
  }
}

function rawBodyOf(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });
}

async function listenOn(receiver: Server): Promise<string> {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return `http://127.0.0.1:${address.port}`;
}
