import { describe, expect, it } from 'vitest';
import { dialectFor } from '../../src/db/dialect.js';
import { transact } from '../../src/db/transact.js';
import { JobQueue } from '../../src/jobs/job-queue.js';
import { JobSignal } from '../../src/jobs/job-signal.js';
import { ManualClock } from '../../src/lib/clock.js';
import { expandEvent, FANOUT_KIND, findFanOutEvent } from '../../src/webhooks/events/fan-out.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { verifiedAt } from '../helpers/standard-webhook-verdict.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  createSubscriptionWithSecret,
  getLog,
  header,
  listLogs,
  openAccount,
  type PageBody,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';

interface ListedMessage {
  id: string;
  sequence: number;
  eventId: string;
  eventType: string;
  payload: string;
}

// Issue 27, point 5: every message of a subscription carries its number among the
// subscription's messages, 1, 2, 3, … with no gap and no repeat, also when events are written
// and expanded concurrently; deliveries, execution logs and the messages list all show it.
describe.each(ENGINES)('message sequence numbers on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const receiver = useReceiver();
  const t = useTestApp(engine, { clock, env: LOCAL_WEBHOOKS_ENV });

  const sequencesOf = async (subscriptionId: string): Promise<number[]> =>
    (
      await t.handle.db
        .selectFrom('messages')
        .select('sequence')
        .where('subscription_id', '=', subscriptionId)
        .orderBy('sequence')
        .execute()
    ).map((m) => Number(m.sequence));
  const oneTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1);

  it("numbers each subscription's messages 1, 2, 3, … with no gap or repeat while requests write events at once", async () => {
    const alice = await t.customer();
    const bob = await t.customer();
    const url = 'http://127.0.0.1:8999/hooks';
    const created = await createSubscription(t, alice.token, {
      url,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const everything = await createSubscription(t, alice.token, { url, includeAll: true });
    const bobs = await createSubscription(t, bob.token, { url, includeAll: true });
    clock.advance(1);
    // Concurrent requests: their transactions (and so their events) commit in any order.
    await Promise.all([
      ...Array.from({ length: 12 }, () => openAccount(t, alice.token)),
      ...Array.from({ length: 3 }, () => openAccount(t, bob.token)),
    ]);
    await expandQueuedEvents(t);
    expect(await sequencesOf(created.id)).toEqual(oneTo(12));
    expect(await sequencesOf(everything.id)).toEqual(oneTo(12));
    expect(await sequencesOf(bobs.id)).toEqual(oneTo(3));
    // A subscription's numbers follow the order its messages were written: never a later
    // message with a smaller number. Within one millisecond (this test's clock stands still)
    // ids order nothing — they are random after the time — so only the time is compared.
    const rows = await t.handle.db
      .selectFrom('messages')
      .select(['sequence', 'created_at'])
      .where('subscription_id', '=', created.id)
      .orderBy('sequence')
      .execute();
    const times = rows.map((r) => r.created_at);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("gives concurrent expansions of one customer's events disjoint, contiguous numbers", async () => {
    const carol = await t.customer();
    const sub = await createSubscription(t, carol.token, {
      url: 'http://127.0.0.1:8999/hooks',
      resources: ACCOUNT_CREATED_ONLY,
    });
    clock.advance(1);
    for (let i = 0; i < 10; i++) await openAccount(t, carol.token);
    // Take the fan-out jobs away and expand each event in a transaction of its own, all at
    // once: on PostgreSQL they contend for the subscription's row (a lease lost mid-expansion
    // makes two workers expand one customer's events at the same time).
    const jobs = await t.handle.db
      .deleteFrom('jobs')
      .where('kind', '=', FANOUT_KIND)
      .where('queue', '=', `fanout:${carol.customerId}`)
      .returning('subject_id')
      .execute();
    expect(jobs).toHaveLength(10);
    const { db } = t.handle;
    const queue = new JobQueue(db, dialectFor(engine), clock, new JobSignal());
    await Promise.all(
      jobs.map((job) =>
        transact(db, async (tx) => {
          const event = await findFanOutEvent(tx.trx, job.subject_id);
          await expandEvent(tx, queue, event!);
        }),
      ),
    );
    expect(await sequencesOf(sub.id)).toEqual(oneTo(10));
    const counter = await db
      .selectFrom('subscriptions')
      .select('message_sequence')
      .where('id', '=', sub.id)
      .executeTakeFirstOrThrow();
    expect(Number(counter.message_sequence)).toBe(10);
    // The next expansion continues after them.
    await openAccount(t, carol.token);
    await expandQueuedEvents(t);
    expect(await sequencesOf(sub.id)).toEqual(oneTo(11));
  });

  it("sends X-Message-Sequence on every delivery, the same as its execution log's and the messages list's", async () => {
    const dave = await t.customer();
    const sub = await createSubscription(t, dave.token, {
      url: `${receiver.url}/dave`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    clock.advance(1);
    for (let i = 0; i < 3; i++) await openAccount(t, dave.token);
    await runDueJobs(t);
    const delivered = receiver.received.filter((r) => r.path === '/dave');
    expect(delivered).toHaveLength(3);
    expect(delivered.map((r) => header(r, 'x-message-sequence')).sort()).toEqual(['1', '2', '3']);

    const logs = (await listLogs(t, dave.token, sub.id)).data;
    const listed = await t.as(dave.token, {
      method: 'GET',
      url: `/v1/subscriptions/${sub.id}/messages`,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const messages = listed.json<PageBody<ListedMessage>>().data;
    for (const request of delivered) {
      const id = header(request, 'x-message-id');
      const sequence = Number(header(request, 'x-message-sequence'));
      const log = logs.find((l) => l.messageId === id)!;
      expect(log.messageSequence).toBe(sequence);
      const entry = await getLog(t, dave.token, sub.id, log.id);
      expect(entry.requestHeaders['x-message-sequence']).toBe(String(sequence));
      expect(messages.find((m) => m.id === id)).toMatchObject({ sequence, payload: request.body });
    }
  });

  it('sends it in the standard-webhooks format too, where the stock verifier still accepts the delivery', async () => {
    const erin = await t.customer();
    const { subscription, secret } = await createSubscriptionWithSecret(t, erin.token, {
      url: `${receiver.url}/erin`,
      resources: ACCOUNT_CREATED_ONLY,
      signatureFormat: 'standard-webhooks',
    });
    clock.advance(1);
    await openAccount(t, erin.token);
    await openAccount(t, erin.token);
    await runDueJobs(t);
    const delivered = receiver.received.filter((r) => r.path === '/erin');
    expect(delivered.map((r) => header(r, 'x-message-sequence')).sort()).toEqual(['1', '2']);
    for (const request of delivered) expect(verifiedAt(clock.now(), secret, request)).toBeTruthy();
    const logs = (await listLogs(t, erin.token, subscription.id)).data;
    expect(logs.map((l) => l.messageSequence).sort()).toEqual([1, 2]);
  });
});
