import { describe, expect, it } from 'vitest';
import {
  CofreClient,
  type CreatedSubscription,
  type Event,
  type ExecutionLog,
  type RotatedSubscriptionSecret,
} from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const subscription: CreatedSubscription = {
  id: 'sub_1',
  url: 'https://hooks.test/cofre',
  includeAll: true,
  resources: [],
  allowRetry: true,
  maxConcurrency: 4,
  status: 'ACTIVE',
  signatureFormat: 'standard-webhooks',
  signingKey: 'subscription-secret',
  transport: 'http',
  metadata: {},
  createdAt: '2026-11-22T08:50:00.000Z',
  updatedAt: '2026-11-22T08:50:00.000Z',
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
};

const event: Event = {
  id: 'evt_1',
  type: 'ACCOUNT_CREATED',
  resource: 'ACCOUNT',
  resourceId: 'acc_1',
  atTime: '2026-11-22T08:56:33.000Z',
  data: {
    id: 'acc_1',
    type: 'CHECKING',
    status: 'OPENING',
    assets: [],
    createdAt: '2026-11-22T08:56:33.000Z',
    updatedAt: '2026-11-22T08:56:33.000Z',
  } as never,
  deliveries: [
    {
      subscriptionId: 'sub_1',
      messageId: 'msg_1',
      status: 'SUCCEEDED',
      attempts: 1,
      lastAttemptAt: '2026-11-22T08:56:34.000Z',
    },
  ],
};

const log: ExecutionLog = {
  id: 'log_1',
  subscriptionId: 'sub_1',
  messageId: 'msg_1',
  messageSequence: 1,
  eventId: 'evt_1',
  eventType: 'ACCOUNT_CREATED',
  url: 'https://hooks.test/cofre',
  httpStatus: 503,
  error: 'The endpoint answered 503.',
  durationMs: 12,
  retryAttempts: 0,
  trigger: 'AUTOMATIC',
  status: 'FAILED',
  createdAt: '2026-11-22T08:56:34.000Z',
  payload: '{}',
  requestHeaders: { 'webhook-id': 'msg_1' },
  responseBody: 'busy',
};

const page = <T>(data: T[], nextCursor: string | null = null) => ({
  data,
  meta: { previousCursor: null, nextCursor, total: data.length },
});

/** A client whose API answers from `routes` keyed by "METHOD path". */
function setup(routes: Record<string, (call: RecordedCall) => Response>) {
  const fake = new FakeFetch(
    tokenEndpoint((call) => {
      const route = routes[`${call.method} ${call.path}`];
      if (route === undefined) throw new Error(`unexpected ${call.method} ${call.path}`);
      return route(call);
    }),
  );
  const client = new CofreClient({
    baseUrl: 'https://api.test',
    clientId: 'c',
    clientSecret: 's',
    fetch: fake.fetch,
  });
  return { fake, client };
}

describe('subscriptions, execution logs and events in the SDK', () => {
  it('creates a subscription with its signature format under an Idempotency-Key and returns the secret', async () => {
    const { fake, client } = setup({ 'POST /v1/subscriptions': () => json(201, subscription) });
    const created = await client.subscriptions.create({
      url: 'https://hooks.test/cofre',
      includeAll: true,
      signatureFormat: 'standard-webhooks',
    });
    expect(created.secret).toMatch(/^whsec_/);
    const [call] = fake.apiCalls;
    expect(call!.body).toEqual({
      url: 'https://hooks.test/cofre',
      includeAll: true,
      signatureFormat: 'standard-webhooks',
    });
    expect(call!.headers['idempotency-key']).toEqual(expect.any(String));
  });

  it('reads, lists, iterates, updates and deletes subscriptions on their paths', async () => {
    const { fake, client } = setup({
      'GET /v1/subscriptions/sub_1': () => json(200, subscription),
      'GET /v1/subscriptions?limit=1&status=ACTIVE': () => json(200, page([subscription], 'c2')),
      'GET /v1/subscriptions?limit=1&cursor=c2&status=ACTIVE': () =>
        json(200, page([subscription])),
      'PATCH /v1/subscriptions/sub_1': () => json(200, { ...subscription, status: 'PAUSED' }),
      'DELETE /v1/subscriptions/sub_1': () => new Response(null, { status: 204 }),
    });
    expect((await client.subscriptions.get('sub_1')).signatureFormat).toBe('standard-webhooks');
    const all = [];
    for await (const s of client.subscriptions.iterate({ limit: 1, status: 'ACTIVE' })) all.push(s);
    expect(all).toHaveLength(2);
    expect((await client.subscriptions.update('sub_1', { status: 'PAUSED' })).status).toBe(
      'PAUSED',
    );
    expect(await client.subscriptions.delete('sub_1')).toBeUndefined();
    expect(fake.apiCalls.at(-2)!.body).toEqual({ status: 'PAUSED' });
    expect(() => client.subscriptions.get('')).toThrow(TypeError);
  });

  it("lists a subscription's messages after a sequence number, page by page", async () => {
    const message = {
      id: 'msg_1',
      sequence: 42,
      eventId: 'evt_1',
      eventType: 'ACCOUNT_CREATED' as const,
      resource: 'ACCOUNT' as const,
      status: 'FAILED' as const,
      createdAt: '2026-11-22T08:56:33.000Z',
      payload: '{}',
    };
    const { fake, client } = setup({
      'GET /v1/subscriptions/sub_1/messages?limit=1&afterSequence=41': () =>
        json(200, page([message], 'c2')),
      'GET /v1/subscriptions/sub_1/messages?limit=1&cursor=c2&afterSequence=41': () =>
        json(200, page([{ ...message, id: 'msg_2', sequence: 43 }])),
    });
    const all = [];
    for await (const m of client.subscriptions.iterateMessages('sub_1', {
      limit: 1,
      afterSequence: 41,
    }))
      all.push(m.sequence);
    expect(all).toEqual([42, 43]);
    expect(fake.apiCalls).toHaveLength(2);
  });

  it('reads the signing secret and rotates it with an optional window', async () => {
    const rotated: RotatedSubscriptionSecret = {
      secret: 'whsec_bmV3',
      previousSecretExpiresAt: '2026-11-23T08:50:00.000Z',
    };
    const { fake, client } = setup({
      'GET /v1/subscriptions/sub_1/secret': () => json(200, { secret: subscription.secret }),
      'POST /v1/subscriptions/sub_1/secret/rotate': () => json(200, rotated),
    });
    expect(await client.subscriptions.secret('sub_1')).toEqual({ secret: subscription.secret });
    expect(await client.subscriptions.rotateSecret('sub_1')).toEqual(rotated);
    await client.subscriptions.rotateSecret('sub_1', { expireCurrentInSeconds: 60 });
    expect(fake.apiCalls.slice(1).map((c) => c.body)).toEqual([{}, { expireCurrentInSeconds: 60 }]);
    // A rotation is not idempotent: no key, so a network failure is not retried into a second one.
    expect(fake.apiCalls[1]!.headers['idempotency-key']).toBeUndefined();
  });

  it('lists, reads and resends execution logs, and recovers failed messages since a time', async () => {
    const { fake, client } = setup({
      'GET /v1/subscriptions/sub_1/executionLogs?status=FAILED&eventType=ACCOUNT_CREATED': () =>
        json(200, page([log])),
      'GET /v1/subscriptions/sub_1/executionLogs/log_1': () => json(200, log),
      'POST /v1/subscriptions/sub_1/executionLogs/log_1/resend': () =>
        new Response(null, { status: 204 }),
      'POST /v1/subscriptions/sub_1/recover': () => json(202, { queued: 3 }),
    });
    const listed = await client.executionLogs.list('sub_1', {
      status: 'FAILED',
      eventType: 'ACCOUNT_CREATED',
    });
    expect(listed.data[0]!.httpStatus).toBe(503);
    expect((await client.executionLogs.get('sub_1', 'log_1')).payload).toBe('{}');
    await client.executionLogs.resend('sub_1', 'log_1');
    expect(await client.subscriptions.recover('sub_1', { since: '2026-11-22T00:00:00Z' })).toEqual({
      queued: 3,
    });
    expect(fake.apiCalls.at(-1)!.body).toEqual({ since: '2026-11-22T00:00:00Z' });
    expect(() => client.executionLogs.get('sub_1', '')).toThrow(TypeError);
  });

  it('reads the events feed with its filters, page by page, and one event with its deliveries', async () => {
    const from = '2026-11-22T00:00:00.000Z';
    const { fake, client } = setup({
      [`GET /v1/events?sortOrder=ASCENDING&type=ACCOUNT_CREATED&resourceId=acc_1&createdAtFrom=${encodeURIComponent(from)}`]:
        () => json(200, page([event], 'n1')),
      [`GET /v1/events?cursor=n1&sortOrder=ASCENDING&type=ACCOUNT_CREATED&resourceId=acc_1&createdAtFrom=${encodeURIComponent(from)}`]:
        () => json(200, page([{ ...event, id: 'evt_2' }])),
      'GET /v1/events/evt_1': () => json(200, event),
      'GET /v1/events?type=ACCOUNT_CREATED&type=OPERATION_FAILED': () => json(200, page([event])),
    });
    const ids = [];
    for await (const e of client.events.iterate({
      sortOrder: 'ASCENDING',
      type: 'ACCOUNT_CREATED',
      resourceId: 'acc_1',
      createdAtFrom: from,
    }))
      ids.push(e.id);
    expect(ids).toEqual(['evt_1', 'evt_2']);
    const one = await client.events.get('evt_1');
    expect(one.deliveries[0]).toMatchObject({ status: 'SUCCEEDED', messageId: 'msg_1' });
    // Several types: the parameter repeated, as the server reads it (any of them).
    const several = await client.events.list({ type: ['ACCOUNT_CREATED', 'OPERATION_FAILED'] });
    expect(several.data.map((e) => e.id)).toEqual(['evt_1']);
    expect(fake.apiCalls).toHaveLength(4);
  });
});
