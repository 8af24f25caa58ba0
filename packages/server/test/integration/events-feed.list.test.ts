import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, toIso } from '../../src/lib/clock.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  header,
  openAccount,
  type Customer,
  type PageBody,
  type SubscriptionBody,
} from '../helpers/webhook-api.js';

interface Delivery {
  subscriptionId: string;
  messageId: string;
  status: string;
  attempts: number;
  lastAttemptAt: string | null;
}
interface FeedEvent {
  id: string;
  type: string;
  resource: string;
  resourceId: string;
  atTime: string;
  data: unknown;
  deliveries: Delivery[];
}

const ACCOUNTS = 4;
const STEP_MS = 1_000;
const T0 = Date.UTC(2026, 3, 1, 9);

describe.each(ENGINES)('the events feed on %s', (engine) => {
  const clock = new ManualClock(T0);
  let t: TestApp;
  let receiver: Receiver;
  let alice: Customer;
  let bob: Customer;
  let sub: SubscriptionBody;
  let accounts: string[];
  /** Alice's events as stored, newest first (created_at, then id). */
  let stored: { id: string; type: string; resource_id: string; created_at: number }[];

  beforeAll(async () => {
    // The second delivery fails (no retries): its event must show FAILED after one attempt.
    receiver = await startReceiver((r) => (r.n === 2 ? { status: 500 } : { status: 200 }));
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        COFRE_SANDBOX_STEP_DELAY_MS: String(STEP_MS),
        COFRE_WEBHOOK_TIMEOUT_MS: '2000',
        COFRE_WORKER_LEASE_MS: '5000',
      },
    });
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
    sub = await createSubscription(t, alice.token, {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: false,
    });
    accounts = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      clock.advance(60_000);
      accounts.push(await openAccount(t, alice.token));
      // Delivers ACCOUNT_CREATED now; the activation (ACCOUNT_ASSET_ACTIVATED) a step later.
      await runDueJobs(t);
      clock.advance(STEP_MS);
      await runDueJobs(t);
    }
    await openAccount(t, bob.token);
    await runDueJobs(t);
    stored = await t.handle.db
      .selectFrom('events')
      .select(['id', 'type', 'resource_id', 'created_at'])
      .where('customer_id', '=', alice.customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const get = (customer: Customer, url: string) => t.as(customer.token, { method: 'GET', url });
  const list = async (query: string, customer = alice): Promise<PageBody<FeedEvent>> => {
    const res = await get(customer, `/v1/events${query ? `?${query}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PageBody<FeedEvent>>();
  };
  /** Every page of a list, following nextCursor. */
  const walk = async (query: string) => {
    const pages: PageBody<FeedEvent>[] = [await list(query)];
    while (pages.at(-1)!.meta.nextCursor) {
      const cursor = encodeURIComponent(pages.at(-1)!.meta.nextCursor!);
      pages.push(await list(`${query}&cursor=${cursor}`));
    }
    return pages;
  };

  it('has both event types of every opened account, and the alert of the delivery that failed', () => {
    const business = stored.filter((e) => e.type !== 'MESSAGE_EXHAUSTED');
    expect(new Set(business.map((e) => e.type))).toEqual(
      new Set(['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED']),
    );
    expect(new Set(business.map((e) => e.resource_id))).toEqual(new Set(accounts));
    // Operational events are recorded like any other (docs/webhooks.md "Delivery alerts").
    expect(stored.filter((e) => e.type === 'MESSAGE_EXHAUSTED')).toHaveLength(1);
  });

  it('pages through the customer’s events newest first, and back again', async () => {
    const pages = await walk('limit=3');
    expect(pages[0]!.meta.previousCursor).toBeNull();
    expect(pages.flatMap((p) => p.data.map((e) => e.id))).toEqual(stored.map((e) => e.id));
    expect(pages.every((p) => p.meta.total === p.data.length)).toBe(true);
    // Back from the last page with previousCursor: the same pages, in reverse.
    let page = pages.at(-1)!;
    for (let i = pages.length - 2; i >= 0; i--) {
      page = await list(`limit=3&cursor=${encodeURIComponent(page.meta.previousCursor!)}`);
      expect(page.data.map((e) => e.id)).toEqual(pages[i]!.data.map((e) => e.id));
    }
    expect(page.meta.previousCursor).toBeNull();
  });

  it('pages oldest first with sortOrder ASCENDING', async () => {
    const pages = await walk('limit=4&sortOrder=ASCENDING');
    expect(pages.flatMap((p) => p.data.map((e) => e.id))).toEqual(
      stored.map((e) => e.id).reverse(),
    );
  });

  it('filters by one type, and by several types as a repeated parameter', async () => {
    const created = stored.filter((e) => e.type === 'ACCOUNT_CREATED').map((e) => e.id);
    const one = await walk('limit=2&type=ACCOUNT_CREATED');
    expect(one.flatMap((p) => p.data.map((e) => e.id))).toEqual(created);
    const both = await walk('limit=2&type=ACCOUNT_ASSET_ACTIVATED&type=ACCOUNT_CREATED');
    expect(both.flatMap((p) => p.data.map((e) => e.id))).toEqual(
      stored.filter((e) => e.type !== 'MESSAGE_EXHAUSTED').map((e) => e.id),
    );
    const none = await list('type=OPERATION_COMPLETED');
    expect(none.data).toEqual([]);
    expect(none.meta.nextCursor).toBeNull();
  });

  it('filters by resource id', async () => {
    const pages = await walk(`limit=1&resourceId=${accounts[1]!}`);
    const ids = pages.flatMap((p) => p.data.map((e) => e.id));
    expect(ids).toEqual(stored.filter((e) => e.resource_id === accounts[1]).map((e) => e.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);
  });

  it('bounds creation time: createdAtFrom inclusive, createdAtTo exclusive', async () => {
    const oldestFirst = [...stored].reverse();
    const from = oldestFirst[2]!;
    const to = oldestFirst[5]!;
    const page = await list(
      `limit=100&sortOrder=ASCENDING&createdAtFrom=${toIso(from.created_at)}&createdAtTo=${toIso(to.created_at)}`,
    );
    expect(page.data.map((e) => e.id)).toEqual(
      oldestFirst
        .filter((e) => e.created_at >= from.created_at && e.created_at < to.created_at)
        .map((e) => e.id),
    );
    expect(page.data[0]!.id).toBe(from.id);
    expect(page.data.map((e) => e.id)).not.toContain(to.id);
  });

  it('refuses a cursor used with other filters or another sort order', async () => {
    const first = await list('limit=2&type=ACCOUNT_CREATED');
    const cursor = encodeURIComponent(first.meta.nextCursor!);
    for (const query of [
      `cursor=${cursor}&limit=2`,
      `cursor=${cursor}&limit=2&type=ACCOUNT_ASSET_ACTIVATED`,
      `cursor=${cursor}&limit=2&type=ACCOUNT_CREATED&sortOrder=ASCENDING`,
      `cursor=${cursor}&limit=2&type=ACCOUNT_CREATED&resourceId=${accounts[0]!}`,
    ]) {
      expectProblem(await get(alice, `/v1/events?${query}`), 400, 'INVALID_CURSOR');
    }
    // The order of repeated types does not make another list.
    const same = await list(`limit=2&type=ACCOUNT_CREATED&cursor=${cursor}`);
    expect(same.data).toHaveLength(2);
    // Another customer cannot use it either.
    expectProblem(
      await get(bob, `/v1/events?limit=2&type=ACCOUNT_CREATED&cursor=${cursor}`),
      400,
      'INVALID_CURSOR',
    );
  });

  it('shows a customer only its own events', async () => {
    const bobs = await list('limit=100', bob);
    expect(bobs.data.length).toBeGreaterThan(0);
    expect(bobs.data.map((e) => e.id)).not.toEqual(expect.arrayContaining([stored[0]!.id]));
    expect(bobs.data.some((e) => accounts.includes(e.resourceId))).toBe(false);
    expectProblem(await get(bob, `/v1/events/${stored[0]!.id}`), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await get(alice, '/v1/events/evt_00000000000000000000000000'),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(await get(alice, '/v1/events/not-an-id'), 404, 'RESOURCE_NOT_FOUND');
  });

  it('carries the webhook body’s data and each delivery’s status and attempts', async () => {
    expect(receiver.received).toHaveLength(ACCOUNTS);
    for (const [n, request] of receiver.received.entries()) {
      const body = JSON.parse(request.body) as { id: string; type: string; atTime: string };
      const res = await get(alice, `/v1/events/${body.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const event = res.json<FeedEvent>();
      expect(event).toEqual({
        ...body,
        resourceId: accounts[n],
        deliveries: [
          {
            subscriptionId: sub.id,
            messageId: header(request, 'x-message-id'),
            status: n === 1 ? 'FAILED' : 'SUCCEEDED',
            attempts: 1,
            lastAttemptAt: expect.any(String) as string,
          },
        ],
      });
      expect(Date.parse(event.deliveries[0]!.lastAttemptAt!)).toBeGreaterThanOrEqual(
        Date.parse(event.atTime),
      );
    }
    // The same deliveries in the list; events no subscription selected have none.
    const page = await list('limit=100');
    for (const event of page.data) {
      expect(event.deliveries).toHaveLength(event.type === 'ACCOUNT_CREATED' ? 1 : 0);
    }
  });

  it('leaves the public catalog at /v1/events/types', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/events/types' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ resources: unknown[] }>().resources.length).toBeGreaterThan(0);
  });

  it('answers 400 problem+json to an invalid query', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'type=NOT_A_TYPE',
      'type=ACCOUNT_CREATED&type=ACCOUNT_CREATED',
      'createdAtFrom=yesterday',
      `createdAtFrom=${toIso(T0)}&createdAtTo=${toIso(T0)}`,
      `resourceId=${'a'.repeat(65)}`,
      'direction=PREVIOUS',
      'cursor=abc',
      'unknown=1',
    ]) {
      const res = await get(alice, `/v1/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    expectProblem(
      await get(alice, `/v1/events?createdAtFrom=${toIso(T0)}&createdAtTo=${toIso(T0 - 1)}`),
      400,
      'INVALID_DATA',
    );
    const long = await get(alice, `/v1/events/evt_${'0'.repeat(80)}`);
    expect(long.statusCode).toBe(400);
  });
});
