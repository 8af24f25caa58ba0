import { describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { ManualClock } from '../../src/lib/clock.js';
import {
  EVENT_RETENTION_JOB_ID,
  scheduleEventRetention,
} from '../../src/webhooks/events/event-retention.job.js';
import { deleteExpiredEvents } from '../../src/webhooks/events/event-retention.repository.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  openAccount,
  patchSubscription,
  type Customer,
} from '../helpers/webhook-api.js';

const DAY = 86_400_000;
const RETENTION_DAYS = 30;

describe.each(ENGINES)('event retention on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  const receiver = useReceiver((r) => (r.n % 2 === 0 ? { status: 500 } : { status: 200 }));
  const t = useTestApp(engine, {
    clock,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_TIMEOUT_MS: '2000',
      COFRE_WORKER_LEASE_MS: '5000',
      COFRE_EVENT_RETENTION_DAYS: String(RETENTION_DAYS),
    },
  });

  const fresh = async (customer: Customer) => ({
    ...customer,
    token: await t.token(customer),
  });
  const eventsOf = async (customerId: string) =>
    (
      await t.handle.db
        .selectFrom('events')
        .select('id')
        .where('customer_id', '=', customerId)
        // Only the events the subscriptions select (the sandbox's activations have no message).
        .where('type', '=', 'ACCOUNT_CREATED')
        .orderBy('id')
        .execute()
    ).map((e) => e.id);
  const count = async (table: 'messages' | 'execution_logs', customerId: string) =>
    (
      await t.handle.db
        .selectFrom(table)
        .select('id')
        .where('customer_id', '=', customerId)
        .execute()
    ).length;

  it('deletes in bounded batches, oldest first', async () => {
    let carol = await t.customer('Carol');
    await createSubscription(t, carol.token, {
      url: `${receiver.url}/carol`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: false,
    });
    for (let i = 0; i < 5; i++) {
      await openAccount(t, carol.token);
      clock.advance(1_000);
    }
    await runDueJobs(t);
    // The first test on a fresh database: Carol's are the only events yet.
    const all = await eventsOf(carol.customerId);
    clock.advance((RETENTION_DAYS + 1) * DAY);
    carol = await fresh(carol);
    const sizes: number[] = [];
    let before = all;
    for (;;) {
      const batch = await transact(t.handle.db, (tx) =>
        deleteExpiredEvents(tx.trx, { before: clock.now() - RETENTION_DAYS * DAY, limit: 2 }),
      );
      sizes.push(batch.events);
      if (batch.events === 0) break;
      const left = await eventsOf(carol.customerId);
      // One message and one attempt per account's event; the alerts went to no subscription.
      expect(batch.messages).toBe(before.length - left.length);
      expect(batch.executionLogs).toBe(batch.messages);
      expect(left).toEqual(all.slice(all.length - left.length));
      before = left;
    }
    // The five accounts' events, then the two MESSAGE_EXHAUSTED of the failed deliveries (made
    // when they failed, after the last account).
    expect(sizes).toEqual([2, 2, 2, 1, 0]);
    expect(before).toEqual([]);
  });

  it('deletes old settled events with their messages and attempts, keeps recent and unsettled ones', async () => {
    let alice = await t.customer('Alice');
    const delivered = await createSubscription(t, alice.token, {
      url: `${receiver.url}/delivered`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: false,
    });
    // Three old events, each delivered (SUCCEEDED or FAILED, no retries): settled.
    for (let i = 0; i < 3; i++) await openAccount(t, alice.token);
    await runDueJobs(t);
    const old = await eventsOf(alice.customerId);
    expect(old).toHaveLength(3);
    expect(await count('execution_logs', alice.customerId)).toBe(3);

    // One old event whose only message is held by a paused subscription: never settled.
    const bob = await t.customer('Bob');
    const paused = await createSubscription(t, bob.token, {
      url: `${receiver.url}/paused`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: false,
    });
    expect(
      (await patchSubscription(t, bob.token, paused.id, { status: 'PAUSED' })).statusCode,
    ).toBe(200);
    await openAccount(t, bob.token);
    const held = await eventsOf(bob.customerId);

    // Past the window, then one recent event.
    clock.advance((RETENTION_DAYS + 1) * DAY);
    alice = await fresh(alice);
    await openAccount(t, alice.token);
    await runDueJobs(t);
    const recent = (await eventsOf(alice.customerId)).filter((id) => !old.includes(id));
    expect(recent).toHaveLength(1);

    await scheduleEventRetention(t.handle.db, clock.now());
    await runDueJobs(t);

    expect(await eventsOf(alice.customerId)).toEqual(recent);
    expect(await count('messages', alice.customerId)).toBe(1);
    expect(await count('execution_logs', alice.customerId)).toBe(1);
    expect(await eventsOf(bob.customerId)).toEqual(held);
    expect(await count('messages', bob.customerId)).toBe(1);
    // The feed and the logs no longer show what was deleted.
    const feed = await t.as(alice.token, {
      method: 'GET',
      url: '/v1/events?limit=100&type=ACCOUNT_CREATED',
    });
    expect(feed.json<{ data: { id: string }[] }>().data.map((e) => e.id)).toEqual(recent);
    const logs = await t.as(alice.token, {
      method: 'GET',
      url: `/v1/subscriptions/${delivered.id}/executionLogs?limit=100`,
    });
    expect(logs.json<{ data: unknown[] }>().data).toHaveLength(1);
    const gone = await t.as(alice.token, { method: 'GET', url: `/v1/events/${old[0]!}` });
    expect(gone.statusCode).toBe(404);

    // Once resumed and delivered, the held event goes at the next run.
    const bobNow = await fresh(bob);
    expect(
      (await patchSubscription(t, bobNow.token, paused.id, { status: 'ACTIVE' })).statusCode,
    ).toBe(200);
    await runDueJobs(t);
    clock.advance(3_600_000);
    await runDueJobs(t);
    expect(await eventsOf(bob.customerId)).toEqual([]);
  });

  it('keeps an old event while a resend of its message is queued', async () => {
    let dave = await t.customer('Dave');
    const sub = await createSubscription(t, dave.token, {
      url: `${receiver.url}/dave`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: false,
    });
    await openAccount(t, dave.token);
    await runDueJobs(t);
    const [event] = await eventsOf(dave.customerId);
    const log = await t.handle.db
      .selectFrom('execution_logs')
      .select('id')
      .where('subscription_id', '=', sub.id)
      .executeTakeFirstOrThrow();
    clock.advance((RETENTION_DAYS + 1) * DAY);
    dave = await fresh(dave);
    const resend = await t.as(dave.token, {
      method: 'POST',
      url: `/v1/subscriptions/${sub.id}/executionLogs/${log.id}/resend`,
    });
    expect(resend.statusCode, resend.body).toBe(204);
    const before = clock.now() - RETENTION_DAYS * DAY;
    await transact(t.handle.db, (tx) => deleteExpiredEvents(tx.trx, { before, limit: 500 }));
    expect(await eventsOf(dave.customerId)).toEqual([event]);
    // Once the resend has run, the event goes.
    await runDueJobs(t);
    await transact(t.handle.db, (tx) => deleteExpiredEvents(tx.trx, { before, limit: 500 }));
    expect(await eventsOf(dave.customerId)).toEqual([]);
  });

  it('is one job however many workers start, due again within the hour', async () => {
    await scheduleEventRetention(t.handle.db, clock.now());
    await scheduleEventRetention(t.handle.db, clock.now());
    const jobs = await t.handle.db
      .selectFrom('jobs')
      .select(['id', 'run_at', 'failed_at'])
      .where('kind', '=', 'webhook.events.retention')
      .execute();
    expect(jobs).toEqual([
      { id: EVENT_RETENTION_JOB_ID, run_at: expect.any(Number) as number, failed_at: null },
    ]);
    expect(Number(jobs[0]!.run_at)).toBeGreaterThan(clock.now());
    expect(Number(jobs[0]!.run_at)).toBeLessThanOrEqual(clock.now() + 3_600_000);
  });

  it('revives a parked retention job when a worker starts', async () => {
    await t.handle.db
      .updateTable('jobs')
      .set({ failed_at: clock.now(), attempts: 10 })
      .where('id', '=', EVENT_RETENTION_JOB_ID)
      .execute();
    await scheduleEventRetention(t.handle.db, clock.now());
    const job = await t.handle.db
      .selectFrom('jobs')
      .select(['failed_at', 'attempts', 'run_at'])
      .where('id', '=', EVENT_RETENTION_JOB_ID)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ failed_at: null, attempts: 0, run_at: clock.now() });
    await runDueJobs(t);
  });
});
