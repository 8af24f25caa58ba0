import { beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  createSubscriptionWithSecret,
  patchSubscription,
  postSubscription,
  type Customer,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

const HOOK_URL = 'http://127.0.0.1:8080/hooks';
const WHSEC = /^whsec_[A-Za-z0-9+/]{43}=$/;
const WINDOW_SECONDS = 7200;

// Each subscription's own signing secret (docs/webhooks.md "Signing secret"): shown in the 201,
// read again by its owner only, rotated with a window, and never in any other representation.
describe.each(ENGINES)('subscription signing secrets on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));

  let alice: Customer;
  let bob: Customer;

  const t = useTestApp(engine, {
    clock,
    env: {
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_WEBHOOK_SECRET_ROTATION_WINDOW_SECONDS: String(WINDOW_SECONDS),
    },
  });

  beforeAll(async () => {
    alice = await t.customer('Alice');
    bob = await t.customer('Bob');
  });

  const make = (extra: Record<string, unknown> = {}) =>
    createSubscriptionWithSecret(t, alice.token, { url: HOOK_URL, includeAll: true, ...extra });
  const readSecret = (token: string, id: string) =>
    t.as(token, { method: 'GET', url: `/v1/subscriptions/${id}/secret` });
  const rotate = (token: string, id: string, payload?: Record<string, unknown>) =>
    t.as(token, {
      method: 'POST',
      url: `/v1/subscriptions/${id}/secret/rotate`,
      ...(payload ? { payload } : {}),
    });

  it('returns a whsec_ secret of 32 random bytes once, in the 201, and never in a list or get', async () => {
    const res = await postSubscription(t, alice.token, { url: HOOK_URL, includeAll: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { id, secret } = res.json<{ id: string; secret: string }>();
    expect(secret).toMatch(WHSEC);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    const other = (await make()).secret;
    expect(other).not.toBe(secret);

    const get = await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${id}` });
    const list = await t.as(alice.token, { method: 'GET', url: '/v1/subscriptions?limit=100' });
    const patched = await patchSubscription(t, alice.token, id, { allowRetry: true });
    for (const answer of [get, list, patched]) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain('whsec_');
      expect(answer.body).not.toContain('"secret"');
    }
  });

  it('reads the same secret again for its owner, without caching, and 404 for anyone else', async () => {
    const { subscription, secret } = await make();
    const res = await readSecret(alice.token, subscription.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ secret });
    expectProblem(await readSecret(bob.token, subscription.id), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(await rotate(bob.token, subscription.id), 404, 'RESOURCE_NOT_FOUND');
    expectProblem(
      await readSecret(alice.token, 'sub_01JD6Q3W8ZK2C1V7R4X9B5N0AQ'),
      404,
      'RESOURCE_NOT_FOUND',
    );
    // Bob's refused rotation changed nothing.
    expect((await readSecret(alice.token, subscription.id)).json()).toEqual({ secret });
  });

  it('answers 401 without a token', async () => {
    const { subscription } = await make();
    for (const [method, url] of [
      ['GET', `/v1/subscriptions/${subscription.id}/secret`],
      ['POST', `/v1/subscriptions/${subscription.id}/secret/rotate`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('rotates with the configured window by default, and shows the window on read until it ends', async () => {
    const { subscription, secret } = await make();
    const res = await rotate(alice.token, subscription.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const expiresAt = new Date(clock.now() + WINDOW_SECONDS * 1000).toISOString();
    const rotated = res.json<{ secret: string; previousSecretExpiresAt: string }>();
    expect(rotated).toEqual({
      secret: expect.stringMatching(WHSEC) as string,
      previousSecretExpiresAt: expiresAt,
    });
    expect(rotated.secret).not.toBe(secret);
    expect((await readSecret(alice.token, subscription.id)).json()).toEqual(rotated);

    clock.advance(WINDOW_SECONDS * 1000);
    expect((await readSecret(alice.token, subscription.id)).json()).toEqual({
      secret: rotated.secret,
    });
  });

  it('takes expireCurrentInSeconds from 0 (retire at once) to 604800, and refuses anything else', async () => {
    const { subscription } = await make();
    const now = await rotate(alice.token, subscription.id, { expireCurrentInSeconds: 0 });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json()).toMatchObject({
      previousSecretExpiresAt: new Date(clock.now()).toISOString(),
    });
    expect(Object.keys((await readSecret(alice.token, subscription.id)).json())).toEqual([
      'secret',
    ]);

    const week = await rotate(alice.token, subscription.id, { expireCurrentInSeconds: 604_800 });
    expect(week.json()).toMatchObject({
      previousSecretExpiresAt: new Date(clock.now() + 604_800_000).toISOString(),
    });
    for (const payload of [
      { expireCurrentInSeconds: 604_801 },
      { expireCurrentInSeconds: -1 },
      { expireCurrentInSeconds: 1.5 },
      { expireCurrentInSeconds: '60' },
      { other: 1 },
    ]) {
      expectProblem(await rotate(alice.token, subscription.id, payload), 400, 'INVALID_DATA');
    }
  });

  it('repeats the same secret when an idempotent create is replayed', async () => {
    const body = { url: HOOK_URL, includeAll: true };
    const headers = { 'idempotency-key': 'secret-replay' };
    const first = await postSubscription(t, alice.token, body, headers);
    const again = await postSubscription(t, alice.token, body, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('defaults signatureFormat to cofre, shows it everywhere, and takes it on create and PATCH', async () => {
    const { subscription } = await make();
    expect(subscription.signatureFormat).toBe('cofre');
    const standard = await make({ signatureFormat: 'standard-webhooks' });
    expect(standard.subscription.signatureFormat).toBe('standard-webhooks');
    const patched = await patchSubscription(t, alice.token, subscription.id, {
      signatureFormat: 'standard-webhooks',
    });
    expect(patched.json()).toMatchObject({ signatureFormat: 'standard-webhooks' });
    const got = await t.as(alice.token, {
      method: 'GET',
      url: `/v1/subscriptions/${subscription.id}`,
    });
    expect(got.json()).toMatchObject({ signatureFormat: 'standard-webhooks' });
    const listed = await t.as(alice.token, { method: 'GET', url: '/v1/subscriptions?limit=100' });
    for (const item of listed.json<{ data: { signatureFormat: string }[] }>().data) {
      expect(['cofre', 'standard-webhooks']).toContain(item.signatureFormat);
    }
    expectProblem(
      await postSubscription(t, alice.token, {
        url: HOOK_URL,
        includeAll: true,
        signatureFormat: 'svix',
      }),
      400,
      'INVALID_DATA',
    );
    expectProblem(
      await patchSubscription(t, alice.token, subscription.id, { signatureFormat: 'hex' }),
      400,
      'INVALID_DATA',
    );
  });
});
