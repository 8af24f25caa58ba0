import { beforeAll, describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import { postSubscription, type Customer, type SubscriptionBody } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const HOOK_URL = 'http://127.0.0.1:8999/hooks';
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(ENGINES)('creating subscriptions on %s', (engine) => {
  let alice: Customer;

  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  beforeAll(async () => {
    alice = await t.customer('Alice');
  });

  const listIds = async (customer: Customer) =>
    (await t.as(customer.token, { method: 'GET', url: '/v1/subscriptions?limit=100' }))
      .json<{ data: SubscriptionBody[] }>()
      .data.map((s) => s.id);

  it('creates a subscription with a sub_ id, a Location and the documented defaults', async () => {
    const res = await postSubscription(t, alice.token, { url: HOOK_URL, includeAll: true });
    expect(res.statusCode, res.body).toBe(201);
    const { secret, ...body } = res.json<SubscriptionBody & { secret: string }>();
    expect(body.id).toMatch(/^sub_[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`/v1/subscriptions/${body.id}`);
    expect(body).toEqual({
      id: body.id,
      url: HOOK_URL,
      includeAll: true,
      resources: [],
      allowRetry: false,
      maxConcurrency: 4,
      signatureFormat: 'cofre',
      signingKey: 'subscription-secret',
      transport: 'http',
      status: 'ACTIVE',
      metadata: {},
      createdAt: expect.stringMatching(ISO_MS) as string,
      updatedAt: body.createdAt,
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    // The secret is in the 201 only: the subscription as read has everything else.
    const fetched = await t.as(alice.token, { method: 'GET', url: res.headers.location });
    expect(fetched.json()).toEqual(body);
  });

  it('keeps a per-resource selection, defaulting includeAll and events per resource', async () => {
    const res = await postSubscription(t, alice.token, {
      url: HOOK_URL,
      allowRetry: true,
      resources: [
        { name: 'ACCOUNT', includeAll: true },
        { name: 'OPERATION', events: ['OPERATION_COMPLETED', 'OPERATION_FAILED'] },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      includeAll: false,
      allowRetry: true,
      resources: [
        { name: 'ACCOUNT', includeAll: true, events: [] },
        {
          name: 'OPERATION',
          includeAll: false,
          events: ['OPERATION_COMPLETED', 'OPERATION_FAILED'],
        },
      ],
    });
  });

  it('refuses a subscription that selects nothing, and creates nothing', async () => {
    const carol = await t.customer('Carol');
    for (const payload of [
      { url: HOOK_URL },
      { url: HOOK_URL, includeAll: false },
      { url: HOOK_URL, includeAll: false, resources: [] },
    ]) {
      const problem = expectProblem(
        await postSubscription(t, carol.token, payload),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors, JSON.stringify(payload)).toEqual([
        expect.objectContaining({ pointer: '/resources', in: 'body', code: 'REQUIRED' }),
      ]);
    }
    const problem = expectProblem(
      await postSubscription(t, carol.token, { url: HOOK_URL, resources: [{ name: 'ACCOUNT' }] }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/resources/0', code: 'REQUIRED' }),
    ]);
    expect(await listIds(carol)).toEqual([]);
  });

  it('refuses unknown events and events of another resource, pointing at each', async () => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, {
        url: HOOK_URL,
        resources: [
          { name: 'ACCOUNT', events: ['ACCOUNT_CREATED', 'ACCOUNT_EXPLODED'] },
          { name: 'BENEFICIARY', events: ['OPERATION_COMPLETED'] },
        ],
      }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({
        pointer: '/resources/0/events/1',
        in: 'body',
        code: 'UNKNOWN_EVENT_TYPE',
      }),
      expect.objectContaining({
        pointer: '/resources/1/events/0',
        in: 'body',
        code: 'UNKNOWN_EVENT_TYPE',
      }),
    ]);
  });

  it('refuses a resource listed twice', async () => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, {
        url: HOOK_URL,
        resources: [
          { name: 'ACCOUNT', includeAll: true },
          { name: 'ACCOUNT', events: ['ACCOUNT_CREATED'] },
        ],
      }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/resources/1/name', code: 'DUPLICATE_ITEM' }),
    ]);
  });

  it('refuses an unknown resource name and unknown fields at every level', async () => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, {
        url: HOOK_URL,
        secret: 'mine',
        resources: [{ name: 'CARD', includeAll: true, filter: 'x' }],
      }),
      400,
      'INVALID_DATA',
    );
    const found = (problem.errors ?? []).map((e) => `${e.pointer}:${e.code}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '/secret:UNKNOWN_FIELD',
        '/resources/0/filter:UNKNOWN_FIELD',
        '/resources/0/name:INVALID_ENUM',
      ]),
    );
  });

  it('refuses a missing url and wrongly typed flags', async () => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, { includeAll: 'yes', allowRetry: 1 }),
      400,
      'INVALID_DATA',
    );
    const found = (problem.errors ?? []).map((e) => `${e.pointer}:${e.code}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '/url:REQUIRED',
        '/includeAll:INVALID_TYPE',
        '/allowRetry:INVALID_TYPE',
      ]),
    );
  });

  it('refuses events that are not strings of the catalog even when includeAll is set', async () => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, {
        url: HOOK_URL,
        resources: [{ name: 'OPERATION', includeAll: true, events: ['ACCOUNT_CREATED'] }],
      }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toEqual([
      expect.objectContaining({ pointer: '/resources/0/events/0', code: 'UNKNOWN_EVENT_TYPE' }),
    ]);
  });
});
