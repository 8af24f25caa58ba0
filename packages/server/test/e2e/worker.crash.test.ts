import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobsOf,
  listLogs,
  messageOf,
  openAccount,
  subscribe,
  waitForLogs,
  waitForSettled,
  eventually,
} from '../helpers/delivery.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  killAllWorkerProcesses,
  startWorkerProcess,
  stopWorkerProcess,
} from '../helpers/worker-process.js';

const LEASE_MS = 1_500;

// BRIEF "The database is the queue": a worker that dies mid-delivery loses nothing; its lease
// runs out and another worker delivers the same message (at-least-once, same X-Message-Id).
/** A worker process on the test app's database, quick to time out, lease and poll. */
const workerEnvOf = (t: TestApp) => ({
  COFRE_DATABASE_URL: t.database.url,
  COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
  COFRE_WEBHOOK_TIMEOUT_MS: '1000',
  COFRE_WORKER_LEASE_MS: String(LEASE_MS),
  COFRE_WORKER_POLL_MS: '100',
  COFRE_LOG_LEVEL: 'warn',
});

describe.each(ENGINES)('a worker process killed mid-delivery on %s', (engine) => {
  let t: TestApp;
  let receiver: Receiver;

  beforeAll(async () => {
    // The first request is left hanging (the worker dies during it); later ones succeed.
    receiver = await startReceiver((request) =>
      request.n === 1 ? { hang: true } : { status: 200 },
    );
    // The API only: deliveries happen in the worker processes below.
    t = await createTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });
  });
  afterAll(async () => {
    await killAllWorkerProcesses();
    await t.close();
    await receiver.close();
  });

  it('is replaced by another worker that delivers the same message once the lease expires', async () => {
    const workerEnv = workerEnvOf(t);
    const { token } = await t.customer();
    const subscriptionId = await subscribe(t, token, { url: `${receiver.url}/hook` });
    const doomed = await startWorkerProcess(workerEnv);
    await openAccount(t, token);

    const [first] = await receiver.waitForRequests(1);
    const message = await messageOf(t, subscriptionId);
    const [leased] = await jobsOf(t, message.id);
    expect(leased).toMatchObject({ lease_owner: doomed.owner, claims: 1 });
    expect(await stopWorkerProcess(doomed, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });

    // Nothing was settled: the message waits for its lease to run out.
    expect(await messageOf(t, subscriptionId)).toMatchObject({ status: 'PENDING', attempts: 0 });
    expect(await listLogs(t, token, subscriptionId)).toEqual([]);

    const successor = await startWorkerProcess(workerEnv);
    const [, second] = await receiver.waitForRequests(2);
    // Only after the dead worker's lease expired, and as the very same message.
    expect(second!.at).toBeGreaterThan(leased!.lease_expires_at!);
    expect(second!.headers['x-message-id']).toBe(message.id);
    expect(second!.headers['x-message-id']).toBe(first!.headers['x-message-id']);
    expect(second!.headers['x-message-signature']).toBe(first!.headers['x-message-signature']);
    expect(second!.body).toBe(first!.body);

    const settled = await waitForSettled(t, subscriptionId);
    expect(settled).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
    // The killed attempt leaves no log entry: the worker died before it could write one, and the
    // attempt row is written together with its outcome. That is expected; the receiver saw two
    // requests with one X-Message-Id and deduplicates on it (spec section 6.6).
    const logs = await waitForLogs(t, token, subscriptionId, 1);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      messageId: message.id,
      status: 'SUCCESS',
      httpStatus: 200,
      trigger: 'AUTOMATIC',
      retryAttempts: 0,
    });
    expect(receiver.received).toHaveLength(2);

    expect(await stopWorkerProcess(successor)).toEqual({ code: 0, signal: null });
  });

  // docs/webhooks.md "Fan-out": the fan-out job is committed with the event, so a worker killed
  // between that commit and the expansion's loses nothing. PostgreSQL only: the test holds a
  // lock on the subscription's row, so the doomed worker is inside the expansion (waiting on its
  // FOR SHARE read, the job leased) when it dies; SQLite has one writer, which would block the
  // worker's claim before it held anything.
  it.skipIf(engine !== 'postgres')(
    'loses nothing when killed between the event’s commit and its expansion',
    async () => {
      const workerEnv = workerEnvOf(t);
      const { token } = await t.customer();
      const subscriptionId = await subscribe(t, token, { url: `${receiver.url}/hook` });
      const before = receiver.received.length;

      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = t.handle.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('subscriptions')
          .select('id')
          .where('id', '=', subscriptionId)
          .forUpdate()
          .execute();
        locked();
        await released;
      });
      await isLocked;

      const accountId = await openAccount(t, token);
      const doomed = await startWorkerProcess(workerEnv);
      const fanOut = await eventually('the fan-out job leased by the doomed worker', async () => {
        const row = await t.handle.db
          .selectFrom('jobs')
          .selectAll()
          .where('kind', '=', 'webhook.fanout')
          .where('lease_owner', '=', doomed.owner)
          .executeTakeFirst();
        return row;
      });
      expect(await stopWorkerProcess(doomed, 'SIGKILL')).toEqual({ code: null, signal: 'SIGKILL' });
      release();
      await holder;

      // The expansion died with its transaction: the job is still there, no message exists.
      expect(
        await t.handle.db.selectFrom('jobs').select('id').where('id', '=', fanOut.id).execute(),
      ).toHaveLength(1);
      expect(
        await t.handle.db
          .selectFrom('messages')
          .select('id')
          .where('subscription_id', '=', subscriptionId)
          .execute(),
      ).toEqual([]);

      const successor = await startWorkerProcess(workerEnv);
      const settled = await waitForSettled(t, subscriptionId);
      expect(settled).toMatchObject({ status: 'SUCCEEDED', attempts: 1 });
      const delivered = receiver.received.slice(before);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]!.headers['x-message-id']).toBe(settled.id);
      expect((JSON.parse(delivered[0]!.body) as { data: { id: string } }).data.id).toBe(accountId);
      // Expanded once, by the successor, after the dead worker's lease on the fan-out ran out.
      expect(delivered[0]!.at).toBeGreaterThan(fanOut.lease_expires_at!);
      expect(await stopWorkerProcess(successor)).toEqual({ code: 0, signal: null });
    },
  );
});
