import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killAllApiProcesses,
  startApiProcess,
  stopApiProcess,
  type ApiProcess,
} from '../helpers/api-process.js';
import {
  killAllListenProcesses,
  startListenProcess,
  type ListenProcess,
} from '../helpers/listen-process.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { waitUntil } from '../helpers/wait-for.js';
import { listLogs, openAccount } from '../helpers/webhook-api.js';

/** docs/webhooks.md "Verifying without the SDK", cofre format. */
function verifies(request: Received, signingSecret: string): boolean {
  // The subscription's own whsec_ secret, which cofre listen prints.
  const key = Buffer.from(signingSecret.replace(/^whsec_/, ''), 'base64');
  const id = request.headers['x-message-id'];
  const timestamp = request.headers['x-message-timestamp'];
  const expected = `v1=${createHmac('sha256', key).update(`${id}.${timestamp}.${request.body}`).digest('hex')}`;
  return String(request.headers['x-message-signature']).split(' ').includes(expected);
}

// Issue 15 point 2: `cofre listen` relays a customer's deliveries to a local URL through a
// stream from an API process (the worker and the sandbox run elsewhere, on the same database),
// survives a network drop and a restart of that API process, and loses nothing meanwhile.
describe.each(ENGINES)('cofre listen against a real server on %s', (engine) => {
  let t: TestApp;
  let api: ApiProcess;
  let proxy: TcpProxy;
  let receiver: Receiver;
  let apiEnv: Record<string, string>;

  beforeAll(async () => {
    // This process runs the worker and the sandbox lifecycle (asset activations); the stream
    // is served by a separate `cofre api` process on the same database.
    t = await createTestApp(engine, {
      worker: true,
      env: { COFRE_SANDBOX_STEP_DELAY_MS: '200' },
    });
    apiEnv = { COFRE_DATABASE_URL: t.database.url, COFRE_SHUTDOWN_TIMEOUT_MS: '5000' };
    api = await startApiProcess(apiEnv);
    const apiUrl = new URL(api.url);
    proxy = await startTcpProxy('127.0.0.1', Number(apiUrl.port));
    receiver = await startReceiver(() => ({ status: 200, body: 'thanks' }));
  }, 60_000);
  afterAll(async () => {
    await killAllListenProcesses();
    await killAllApiProcesses();
    await proxy?.close();
    await receiver?.close();
    await t?.close();
  }, 60_000);

  /** The listen subscription's messages, and waits until the receiver has each of them. */
  const allArrived = (subscriptionId: string, atLeast: number) =>
    waitUntil(
      `every message of ${subscriptionId} at the receiver`,
      async () => {
        const messages = await t.handle.db
          .selectFrom('messages')
          .select(['id', 'status', 'event_type'])
          .where('subscription_id', '=', subscriptionId)
          .execute();
        const seen = new Set(receiver.received.map((r) => r.headers['x-message-id']));
        return messages.length >= atLeast &&
          messages.every((m) => seen.has(m.id) && m.status === 'SUCCEEDED')
          ? messages
          : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 100 },
    );

  it('relays signed deliveries, records them, and resumes with no gap after a drop and a restart', async () => {
    const credentials = await t.createClient('Listener');
    const token = await t.token(credentials);
    const cli: ListenProcess = await startListenProcess(
      ['--forward-to', `${receiver.url}/webhooks`, '--api-url', `http://127.0.0.1:${proxy.port}`],
      credentials,
    );
    const subscriptionId = /Created listen subscription (sub_\w+)/.exec(cli.stderr())![1]!;
    const signingSecret = /Signing secret: (whsec_\S+)/.exec(cli.stderr())![1]!;

    // An account: ACCOUNT_CREATED, then its assets activate in the sandbox.
    const first = await openAccount(t, token);
    const firstBatch = await allArrived(subscriptionId, 2);
    expect(firstBatch.map((m) => m.event_type)).toEqual(
      expect.arrayContaining(['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED']),
    );
    for (const request of receiver.received) {
      expect(request.path).toBe('/webhooks');
      expect(verifies(request, signingSecret)).toBe(true);
    }
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ data: { id: first } });
    // Each local answer is that attempt's execution-log entry.
    const logs = await waitUntil('the execution logs', async () => {
      const page = await listLogs(t, token, subscriptionId, 'limit=100');
      return page.data.length >= firstBatch.length ? page.data : undefined;
    });
    for (const log of logs) {
      expect(log).toMatchObject({
        url: `${receiver.url}/webhooks`,
        httpStatus: 200,
        status: 'SUCCESS',
        trigger: 'AUTOMATIC',
      });
    }
    // The CLI prints a delivery's line after the server has recorded its result, so the
    // recorded logs above can be complete a moment before the last line is printed.
    const printed = await waitUntil('the CLI printing each delivery', () => {
      const ids = cli.lines().map((l) => l.messageId);
      return Promise.resolve(firstBatch.every((m) => ids.includes(m.id)) ? ids : undefined);
    });
    expect(printed).toEqual(expect.arrayContaining(firstBatch.map((m) => m.id)));
    // Each line names the message's number in its subscription (X-Message-Sequence).
    const numbers = cli.lines().map((l) => l.sequence);
    expect(numbers.every((n) => n !== undefined && Number.isInteger(n) && n >= 1)).toBe(true);

    // A network drop: the connection is cut and refused while two accounts are opened.
    await proxy.refuse();
    await cli.waitForStderr('Connection lost');
    const duringDrop = [await openAccount(t, token), await openAccount(t, token)];
    await proxy.restore();
    await cli.waitForStderr('Reconnected');
    await allArrived(subscriptionId, firstBatch.length + 4);

    // A restart of the API process (same port), with an account opened while it is down.
    const port = new URL(api.url).port;
    await stopApiProcess(api);
    await cli.waitForStderr('Connection lost', 2);
    const duringRestart = await openAccount(t, token);
    api = await startApiProcess({ ...apiEnv, PORT: port });
    await cli.waitForStderr('Reconnected', 2);
    const everything = await allArrived(subscriptionId, firstBatch.length + 6);

    const created = receiver.received
      .filter((r) => r.headers['x-event-type'] === 'ACCOUNT_CREATED')
      .map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id);
    expect(new Set(created)).toEqual(new Set([first, ...duringDrop, duringRestart]));
    for (const request of receiver.received) {
      expect(verifies(request, signingSecret)).toBe(true);
    }
    expect(everything.every((m) => m.status === 'SUCCEEDED')).toBe(true);

    // Ctrl-C: exits 0 and deletes the subscription it created.
    cli.child.kill('SIGINT');
    expect(await cli.exited).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toContain(`Deleted listen subscription ${subscriptionId}`);
    const gone = await t.as(token, { method: 'GET', url: `/v1/subscriptions/${subscriptionId}` });
    expect(gone.statusCode).toBe(404);
  }, 120_000);
});
