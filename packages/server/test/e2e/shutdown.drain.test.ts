import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openAccount, subscribe } from '../helpers/delivery.js';
import {
  killAllCofreProcesses,
  startCofreProcess,
  stopCofreProcess,
  type CofreProcess,
} from '../helpers/cofre-process.js';
import { waitFor } from '../helpers/wait-for.js';
import {
  openConnection,
  rawGet,
  rawPostHead,
  type RawConnection,
} from '../helpers/raw-connection.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

// docs/operations.md "Stopping", on real processes: SIGTERM drains within COFRE_SHUTDOWN_TIMEOUT_MS, answers
// what is already on open connections, and never resets one.

const TOKEN_PATH = '/v1/oauth/client/token';
/** A short hard deadline, so the tests that reach it stay short. */
const SHORT_DEADLINE_MS = 1_500;
/**
 * What a process may take past its deadline before it has exited: the last steps' own bound
 * (shutdown.ts FINAL_STEPS_MS, 1 s) and a generous allowance for a loaded test machine. Before
 * the fix these processes stayed for 72 s (keep-alive), for ever (a body that never ends) or for
 * the webhook timeout (10 s here).
 */
const EXIT_MARGIN_MS = 3_500;

/** Resolves once the server has parsed everything sent before: a full round trip on `probe`. */
async function roundTrip(probe: RawConnection): Promise<void> {
  const before = probe.responses.length;
  await probe.send(rawGet('/healthz'));
  await probe.waitForResponses(before + 1);
}

/** A process under test, with the port it listens on (undefined for `worker`). */
type Started = CofreProcess & { port: number | undefined };

/** Resolves with the first log line with this message (no sleeps). */
const waitForLog = (cofre: CofreProcess, msg: string) =>
  waitFor(`the log line "${msg}"`, () => cofre.lines().find((line) => line.msg === msg), {
    timeoutMs: 15_000,
  });

function drainLines(cofre: CofreProcess) {
  const lines = cofre.lines();
  return {
    started: lines.filter((line) => line.msg === 'shutdown started'),
    finished: lines.filter((line) => line.msg === 'shutdown finished'),
    errors: lines.filter((line) => Number(line.level) >= 50),
  };
}

describe.each(ENGINES)('shutdown on %s', (engine) => {
  let t: TestApp;
  let credentials: { clientId: string; clientSecret: string };

  beforeAll(async () => {
    // The API in this process only makes the database, a client and the jobs; the processes
    // under test run on the same database.
    t = await createTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });
    const { clientId, clientSecret } = await t.createClient();
    credentials = { clientId, clientSecret };
  });
  afterEach(killAllCofreProcesses);
  afterAll(() => t.close());

  /** Starts `cofre <command>` on the test database, once it listens and its worker started. */
  const start = async (
    command: 'serve' | 'api' | 'worker',
    env: Record<string, string> = {},
  ): Promise<Started> => {
    const cofre = await startCofreProcess(
      command,
      {
        PORT: '0',
        HOST: '127.0.0.1',
        COFRE_DATABASE_URL: t.database.url,
        COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        ...env,
      },
      (line) =>
        command === 'worker'
          ? line.msg === 'worker started' || undefined
          : /listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(line.msg ?? '')?.[1],
    );
    if (command === 'serve') await waitForLog(cofre, 'worker started');
    return { ...cofre, port: typeof cofre.ready === 'string' ? Number(cofre.ready) : undefined };
  };

  describe.each(['serve', 'api'] as const)('of cofre %s', (command) => {
    it('closes an idle keep-alive connection and exits promptly, logging the start and end of the drain', async () => {
      const cofre = await start(command);
      const idle = await openConnection(cofre.port!);
      await roundTrip(idle);

      expect(await stopCofreProcess(cofre)).toEqual({ code: 0, signal: null });
      expect(await idle.closed).toEqual({ reset: false, error: undefined });
      const lines = drainLines(cofre);
      expect(lines.started).toHaveLength(1);
      expect(lines.started[0]).toMatchObject({ level: 30, timeoutMs: 20_000 });
      expect(lines.finished).toHaveLength(1);
      expect(lines.finished[0]).toMatchObject({
        level: 30,
        outcome: 'drained',
        connectionsCut: 0,
        requestsCut: 0,
      });
      expect(lines.finished[0]!.durationMs).toEqual(expect.any(Number));
    });

    it('answers requests sent on open keep-alive connections after SIGTERM with a 503 problem and Connection: close, finishes the one accepted before, and resets none', async () => {
      const cofre = await start(command);
      const idle = await Promise.all(Array.from({ length: 8 }, () => openConnection(cofre.port!)));
      for (const connection of idle) await roundTrip(connection);
      // A token request whose headers arrived before SIGTERM and whose body arrives after.
      const body = JSON.stringify({
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
      });
      const accepted = await openConnection(cofre.port!);
      await accepted.send(rawPostHead(TOKEN_PATH, body.length) + body.slice(0, 10));
      await roundTrip(await openConnection(cofre.port!));

      cofre.child.kill('SIGTERM');
      await waitForLog(cofre, 'shutdown started');
      for (const connection of idle) await connection.send(rawGet('/healthz'));
      await accepted.send(body.slice(10));

      const [answer] = await accepted.waitForResponses(1);
      expect(answer!.status).toBe(200);
      expect(answer!.headers.connection).toBe('close');
      for (const connection of idle) {
        const refused = (await connection.waitForResponses(2))[1]!;
        expect(refused.status).toBe(503);
        expect(refused.headers).toMatchObject({
          'content-type': 'application/problem+json; charset=utf-8',
          connection: 'close',
          'retry-after': '1',
        });
        expect(JSON.parse(refused.body)).toMatchObject({
          status: 503,
          code: 'SERVICE_UNAVAILABLE',
          detail: 'The server is shutting down; retry the request.',
          requestId: refused.headers['x-request-id'],
        });
      }
      for (const connection of [...idle, accepted]) {
        expect(await connection.closed).toEqual({ reset: false, error: undefined });
      }
      expect(await cofre.exited).toEqual({ code: 0, signal: null });
      const lines = drainLines(cofre);
      expect(lines.finished[0]).toMatchObject({ outcome: 'drained', connectionsCut: 0 });
      // A refusal while shutting down is not a server error: no error line, no stack.
      expect(lines.errors).toEqual([]);
    });

    it('answers connections and pipelined requests that arrived while its event loop could not run, and resets none', async () => {
      const cofre = await start(command);
      // SIGSTOP stands for a loop blocked by synchronous SQLite work: the kernel completes the
      // connections and buffers the requests, and SIGTERM arrives, before the process runs again.
      cofre.child.kill('SIGSTOP');
      const connections = await Promise.all(
        Array.from({ length: 8 }, () => openConnection(cofre.port!)),
      );
      for (const connection of connections) {
        await connection.send(rawGet('/healthz') + rawGet('/healthz'));
      }
      cofre.child.kill('SIGTERM');
      cofre.child.kill('SIGCONT');

      for (const connection of connections) {
        const [first] = await connection.waitForResponses(1);
        expect([200, 503]).toContain(first!.status);
        expect(await connection.closed).toEqual({ reset: false, error: undefined });
        // Whatever was answered after the drain began said so and closed the connection.
        const last = connection.responses.at(-1)!;
        if (last.status === 503) expect(last.headers.connection).toBe('close');
      }
      expect(await cofre.exited).toEqual({ code: 0, signal: null });
      expect(drainLines(cofre).errors).toEqual([]);
    });

    it('answers a body that never completes with 408 once COFRE_REQUEST_TIMEOUT_MS has passed', async () => {
      const cofre = await start(command, { COFRE_REQUEST_TIMEOUT_MS: '1000' });
      const slow = await openConnection(cofre.port!);
      await slow.send(rawPostHead(TOKEN_PATH, 100) + '{"clientId":');

      const [answer] = await slow.waitForResponses(1);
      expect(answer!.status).toBe(408);
      expect(JSON.parse(answer!.body)).toMatchObject({ code: 'REQUEST_TIMEOUT' });
      await slow.closed;
      expect(await stopCofreProcess(cofre)).toEqual({ code: 0, signal: null });
    });

    it('destroys a connection whose body never completes at COFRE_SHUTDOWN_TIMEOUT_MS, exits, and says what it cut', async () => {
      const cofre = await start(command, {
        COFRE_SHUTDOWN_TIMEOUT_MS: String(SHORT_DEADLINE_MS),
        COFRE_REQUEST_TIMEOUT_MS: '600000',
      });
      const slow = await openConnection(cofre.port!);
      await slow.send(rawPostHead(TOKEN_PATH, 100) + '{"clientId":');
      await roundTrip(await openConnection(cofre.port!));

      const sent = Date.now();
      expect(await stopCofreProcess(cofre)).toEqual({ code: 0, signal: null });
      expect(Date.now() - sent).toBeLessThan(SHORT_DEADLINE_MS + EXIT_MARGIN_MS);
      await slow.closed;
      expect(drainLines(cofre).finished[0]).toMatchObject({
        outcome: 'deadline',
        connectionsCut: 1,
        requestsCut: 1,
      });
    });
  });

  it('cuts the drain short on a second SIGTERM', async () => {
    const cofre = await start('serve', { COFRE_REQUEST_TIMEOUT_MS: '600000' });
    const slow = await openConnection(cofre.port!);
    await slow.send(rawPostHead(TOKEN_PATH, 100) + '{"clientId":');
    await roundTrip(await openConnection(cofre.port!));

    cofre.child.kill('SIGTERM');
    await waitForLog(cofre, 'shutdown started');
    // The default deadline is 20 s: only the second signal can end this drain within the
    // helper's 10 s.
    expect(await stopCofreProcess(cofre)).toEqual({ code: 0, signal: null });
    // The slow request's connection, and the probe's if its idle linger had not ended yet.
    expect(drainLines(cofre).finished[0]).toMatchObject({ outcome: 'cut-short', requestsCut: 1 });
  });

  describe.each(['worker', 'serve'] as const)('of cofre %s', (command) => {
    let receiver: Receiver;
    beforeAll(async () => {
      receiver = await startReceiver(() => ({ hang: true }));
    });
    afterAll(() => receiver.close());

    it('claims no job after SIGTERM and exits by COFRE_SHUTDOWN_TIMEOUT_MS although a delivery never answers', async () => {
      const { token } = await t.customer();
      await subscribe(t, token, { url: `${receiver.url}/hook` });
      const cofre = await start(command, {
        COFRE_SHUTDOWN_TIMEOUT_MS: String(SHORT_DEADLINE_MS),
        COFRE_REQUEST_TIMEOUT_MS: '600000',
        COFRE_WEBHOOK_TIMEOUT_MS: '10000',
        COFRE_WORKER_LEASE_MS: '15000',
        COFRE_WORKER_POLL_MS: '50',
      });
      const seen = receiver.received.length;
      await openAccount(t, token);
      await receiver.waitForRequests(seen + 1);
      // In `serve`, a request that never completes holds the HTTP side open: the worker must
      // not go on claiming while it waits.
      if (cofre.port !== undefined) {
        const slow = await openConnection(cofre.port);
        await slow.send(rawPostHead(TOKEN_PATH, 100) + '{"clientId":');
        await roundTrip(await openConnection(cofre.port));
      }
      const before = new Set(
        (await t.handle.db.selectFrom('jobs').select('id').execute()).map((job) => job.id),
      );

      const sent = Date.now();
      cofre.child.kill('SIGTERM');
      await waitForLog(cofre, 'shutdown started');
      await openAccount(t, token);
      expect(await cofre.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - sent).toBeLessThan(SHORT_DEADLINE_MS + EXIT_MARGIN_MS);

      const after = await t.handle.db.selectFrom('jobs').selectAll().execute();
      const queuedDuringDrain = after.filter((job) => !before.has(job.id));
      expect(queuedDuringDrain.length).toBeGreaterThan(0);
      for (const job of queuedDuringDrain) {
        expect(job, job.kind).toMatchObject({ claims: 0, lease_owner: null });
      }
      expect(receiver.received).toHaveLength(seen + 1);
      expect(drainLines(cofre).finished[0]).toMatchObject({ outcome: 'deadline' });
    });
  });
});
