import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { FANOUT_KIND } from '../../src/webhooks/events/fan-out.js';
import { openAccount } from '../helpers/delivery.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';

const ACCOUNT_CREATED = [{ name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] }];

interface FeedDelivery {
  subscriptionId: string;
  messageId: string;
  status: string;
  attempts: number;
}

// docs/webhooks.md "Fan-out": the request's transaction writes the event and one fan-out job; the
// worker expands it into exactly the messages and attempts the request used to write.
describe.each(ENGINES)('webhook fan-out in the worker on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const receiver = useReceiver();
  const t = useTestApp(engine, {
    clock,
    env: LOCAL_WEBHOOKS_ENV,
  });

  const subscribe = async (
    token: string,
    body: Record<string, unknown>,
  ): Promise<{ id: string }> => {
    const res = await t.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: `${receiver.url}/hook`, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>();
  };
  const feedEvent = async (token: string, eventId: string): Promise<FeedDelivery[]> => {
    const res = await t.as(token, { method: 'GET', url: `/v1/events/${eventId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ deliveries: FeedDelivery[] }>().deliveries;
  };

  it('expands an event to exactly the subscriptions that matched at its time', async () => {
    const alice = await t.customer('Alice');
    const other = await t.customer('Other');
    const matching = await subscribe(alice.token, { resources: ACCOUNT_CREATED });
    const everything = await subscribe(alice.token, { includeAll: true });
    const paused = await subscribe(alice.token, { includeAll: true });
    const pause = await t.as(alice.token, {
      method: 'PATCH',
      url: `/v1/subscriptions/${paused.id}`,
      payload: { status: 'PAUSED' },
    });
    expect(pause.statusCode, pause.body).toBe(200);
    const elsewhere = await subscribe(alice.token, {
      resources: [{ name: 'OPERATION', includeAll: true }],
    });
    const deletedLater = await subscribe(alice.token, { includeAll: true });
    await subscribe(other.token, { includeAll: true });
    clock.advance(1);

    const accountId = await openAccount(t, alice.token);
    const [event] = await t.handle.db
      .selectFrom('events')
      .select(['id', 'created_at'])
      .where('resource_id', '=', accountId)
      .execute();
    // The request wrote the event and one fan-out job, no message.
    expect(
      await t.handle.db
        .selectFrom('messages')
        .select('id')
        .where('event_id', '=', event!.id)
        .execute(),
    ).toEqual([]);
    expect(
      await t.handle.db
        .selectFrom('jobs')
        .select(['kind', 'queue'])
        .where('subject_id', '=', event!.id)
        .execute(),
    ).toEqual([{ kind: FANOUT_KIND, queue: `fanout:${alice.customerId}` }]);

    // After the event: one more subscription (too late for it), one deleted (gone when expanded).
    clock.advance(1);
    const tooLate = await subscribe(alice.token, { includeAll: true });
    const removed = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${deletedLater.id}`,
    });
    expect(removed.statusCode, removed.body).toBe(204);

    // Before the expansion the feed shows the deliveries to come, pending, under their ids.
    const expected = [
      { subscriptionId: matching.id, status: 'PENDING' },
      { subscriptionId: everything.id, status: 'PENDING' },
      { subscriptionId: paused.id, status: 'HELD' },
    ].sort((a, b) => (a.subscriptionId < b.subscriptionId ? -1 : 1));
    const before = await feedEvent(alice.token, event!.id);
    expect(
      before.map(({ subscriptionId, status, attempts }) => ({ subscriptionId, status, attempts })),
    ).toEqual(expected.map((e) => ({ ...e, attempts: 0 })));

    expect(await expandQueuedEvents(t)).toBe(1);
    const messages = await t.handle.db
      .selectFrom('messages')
      .select(['id', 'subscription_id', 'status', 'customer_id', 'event_id'])
      .where('event_id', '=', event!.id)
      .orderBy('subscription_id')
      .execute();
    expect(messages.map((m) => ({ subscriptionId: m.subscription_id, status: m.status }))).toEqual(
      expected,
    );
    expect(messages.every((m) => m.customer_id === alice.customerId)).toBe(true);
    // The feed now reads the messages themselves: the same ids it showed before.
    const after = await feedEvent(alice.token, event!.id);
    expect(after.map((d) => d.messageId)).toEqual(before.map((d) => d.messageId));
    expect(after.map((d) => d.messageId)).toEqual(messages.map((m) => m.id));
    // One attempt job per PENDING message, in its subscription's fair queue; none for the HELD one.
    const attempts = await t.handle.db
      .selectFrom('jobs')
      .select(['queue', 'subject_id'])
      .where('kind', '=', 'webhook.attempt')
      .where(
        'subject_id',
        'in',
        messages.map((m) => m.id),
      )
      .orderBy('queue')
      .execute();
    expect(attempts).toEqual(
      messages
        .filter((m) => m.status === 'PENDING')
        .map((m) => ({ queue: m.subscription_id, subject_id: m.id })),
    );
    expect(
      await t.handle.db
        .selectFrom('messages')
        .select('id')
        .where('subscription_id', 'in', [elsewhere.id, tooLate.id, deletedLater.id])
        .execute(),
    ).toEqual([]);
    // Nothing is left to expand, and expanding again writes nothing twice.
    expect(await expandQueuedEvents(t)).toBe(0);
  });

  it('keeps each subscription’s deliveries in the order of its events', async () => {
    const bob = await t.customer('Bob');
    const first = await subscribe(bob.token, { resources: ACCOUNT_CREATED, maxConcurrency: 1 });
    const second = await subscribe(bob.token, { resources: ACCOUNT_CREATED, maxConcurrency: 1 });
    clock.advance(1);
    // Several events in one millisecond, then in the next ones.
    const accounts: string[] = [];
    for (let i = 0; i < 6; i++) {
      accounts.push(await openAccount(t, bob.token));
      if (i % 2 === 1) clock.advance(1);
    }
    receiver.received.length = 0;
    await runDueJobs(t);
    for (const subscription of [first, second]) {
      const messages = await t.handle.db
        .selectFrom('messages as m')
        .innerJoin('events as e', 'e.id', 'm.event_id')
        .select(['m.id', 'e.resource_id'])
        .where('m.subscription_id', '=', subscription.id)
        .orderBy('m.id')
        .execute();
      // Ids sort in event order (what `cofre listen` reads), and the receiver got them so.
      expect(messages.map((m) => m.resource_id)).toEqual(accounts);
      const arrived = receiver.received
        .filter((r) => messages.some((m) => m.id === r.headers['x-message-id']))
        .map((r) => (JSON.parse(r.body) as { data: { id: string } }).data.id);
      expect(arrived).toEqual(accounts);
    }
  });
});
