import { beforeAll, describe, expect, it } from 'vitest';
import { transact } from '../../src/db/transact.js';
import { ManualClock } from '../../src/lib/clock.js';
import { deleteExpiredEvents } from '../../src/webhooks/events/event-retention.repository.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { expandQueuedEvents } from '../helpers/fan-out.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  openAccount,
  type Customer,
  type PageBody,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';

interface ListedMessage {
  id: string;
  sequence: number;
  eventId: string;
  eventType: string;
  resource: string;
  status: string;
  createdAt: string;
  payload: string;
}

const COUNT = 25;

// Issue 27, point 5: GET /v1/subscriptions/{id}/messages lists a subscription's messages by
// sequence number, with their original ids and exact bodies, so a receiver that sees a gap in
// X-Message-Sequence fetches what it missed (docs/webhooks.md "Sequence numbers").
describe.each(ENGINES)('listing a subscription’s messages by sequence on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const receiver = useReceiver();
  const t = useTestApp(engine, { clock, env: LOCAL_WEBHOOKS_ENV });
  let alice: Customer;
  let subscriptionId: string;

  const list = (query = '', as = alice.token, id = subscriptionId) =>
    t.as(as, { method: 'GET', url: `/v1/subscriptions/${id}/messages${query ? `?${query}` : ''}` });
  const page = async (query = ''): Promise<PageBody<ListedMessage>> => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageBody<ListedMessage>>();
  };

  beforeAll(async () => {
    alice = await t.customer('Alice');
    subscriptionId = (
      await createSubscription(t, alice.token, {
        url: 'http://127.0.0.1:8999/hooks',
        resources: ACCOUNT_CREATED_ONLY,
      })
    ).id;
    clock.advance(1);
    for (let i = 0; i < COUNT; i++) {
      await openAccount(t, alice.token);
      clock.advance(1);
    }
    await expandQueuedEvents(t);
  });

  it('lists the messages oldest first, ten a page, with their ids, types, numbers, times and exact bodies', async () => {
    const first = await page();
    expect(first.data.map((m) => m.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.meta).toMatchObject({ total: 10, previousCursor: null });
    const rows = await t.handle.db
      .selectFrom('messages as m')
      .innerJoin('events as e', 'e.id', 'm.event_id')
      .select(['m.id', 'm.sequence', 'm.event_id', 'm.created_at', 'e.payload'])
      .where('m.subscription_id', '=', subscriptionId)
      .orderBy('m.sequence')
      .limit(10)
      .execute();
    expect(first.data).toEqual(
      rows.map((r) => ({
        id: r.id,
        sequence: Number(r.sequence),
        eventId: r.event_id,
        eventType: 'ACCOUNT_CREATED',
        resource: 'ACCOUNT',
        status: 'PENDING',
        createdAt: new Date(Number(r.created_at)).toISOString(),
        payload: r.payload,
      })),
    );
  });

  it('starts after afterSequence, and pages forward then back to exactly the same items', async () => {
    const forward: ListedMessage[][] = [];
    let current = await page('afterSequence=7&limit=6');
    forward.push(current.data);
    while (current.meta.nextCursor !== null) {
      current = await page(`afterSequence=7&limit=6&cursor=${current.meta.nextCursor}`);
      forward.push(current.data);
    }
    expect(forward.flat().map((m) => m.sequence)).toEqual(
      Array.from({ length: COUNT - 7 }, (_, i) => i + 8),
    );
    const backward: ListedMessage[][] = [current.data];
    while (current.meta.previousCursor !== null) {
      current = await page(`afterSequence=7&limit=6&cursor=${current.meta.previousCursor}`);
      backward.unshift(current.data);
    }
    expect(backward.flat()).toEqual(forward.flat());
  });

  it('lists newest first with sortOrder DESCENDING, and nothing after the last number', async () => {
    const newest = await page('sortOrder=DESCENDING&limit=3');
    expect(newest.data.map((m) => m.sequence)).toEqual([COUNT, COUNT - 1, COUNT - 2]);
    const next = await page(`sortOrder=DESCENDING&limit=3&cursor=${newest.meta.nextCursor}`);
    expect(next.data.map((m) => m.sequence)).toEqual([COUNT - 3, COUNT - 4, COUNT - 5]);
    expect((await page(`afterSequence=${COUNT}`)).data).toEqual([]);
  });

  it('refuses a cursor used with another afterSequence or order, and a limit above 100', async () => {
    const first = await page('afterSequence=2&limit=2');
    expectProblem(
      await list(`afterSequence=3&limit=2&cursor=${first.meta.nextCursor}`),
      400,
      'INVALID_CURSOR',
    );
    expectProblem(
      await list(`afterSequence=2&sortOrder=DESCENDING&cursor=${first.meta.nextCursor}`),
      400,
      'INVALID_CURSOR',
    );
    expectProblem(await list('limit=101'), 400, 'INVALID_DATA');
    expectProblem(await list('afterSequence=-1'), 400, 'INVALID_DATA');
  });

  it("answers 404 for another customer's subscription, an unknown one and a deleted one", async () => {
    const mallory = await t.customer('Mallory');
    expectProblem(await list('', mallory.token), 404, 'RESOURCE_NOT_FOUND');
    // Nor does another customer's cursor open it.
    const first = await page('limit=1');
    expectProblem(
      await list(`limit=1&cursor=${first.meta.nextCursor}`, mallory.token),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await list('', alice.token, 'sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ'),
      404,
      'RESOURCE_NOT_FOUND',
    );
    const doomed = await createSubscription(t, alice.token, {
      url: 'http://127.0.0.1:8999/hooks',
      includeAll: true,
    });
    const removed = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${doomed.id}`,
    });
    expect(removed.statusCode).toBe(204);
    expectProblem(await list('', alice.token, doomed.id), 404, 'RESOURCE_NOT_FOUND');
  });

  it('leaves out the numbers retention deleted, so a gap older than retention shows as missing', async () => {
    const bob = await t.customer('Bob');
    const sub = await createSubscription(t, bob.token, {
      url: `${receiver.url}/bob`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    clock.advance(1);
    for (let i = 0; i < 3; i++) await openAccount(t, bob.token);
    clock.advance(60_000);
    const later = clock.now();
    for (let i = 0; i < 2; i++) await openAccount(t, bob.token);
    await runDueJobs(t); // delivered: settled, so retention may take them
    await transact(t.handle.db, (tx) => deleteExpiredEvents(tx.trx, { before: later, limit: 500 }));
    const res = await list('', bob.token, sub.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PageBody<ListedMessage>>().data.map((m) => [m.sequence, m.status])).toEqual([
      [4, 'SUCCEEDED'],
      [5, 'SUCCEEDED'],
    ]);
  });
});
