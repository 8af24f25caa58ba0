import { createHmac, timingSafeEqual } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import {
  issueApiClient,
  rotateClientSecret,
} from '../../src/modules/customers/customers.service.js';
import { expectProblem } from '../helpers/expect-problem.js';
import type { Received } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { verifiedAt } from '../helpers/standard-webhook-verdict.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscriptionWithSecret,
  header,
  openAccount,
  patchSubscription,
  type Customer,
  type SubscriptionBody,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceiver, useTestApp } from '../helpers/world.js';

const GRACE_SECONDS = 3_600;

/** The documented derivation (docs/webhooks.md): HMAC-SHA256(key = clientSecret, label). */
const derivedKey = (clientSecret: string): Buffer =>
  createHmac('sha256', clientSecret).update('cofre.webhook-signing.v1').digest();
const ownKey = (secret: string): Buffer => Buffer.from(secret.slice('whsec_'.length), 'base64');

/** A cofre-format receiver holding `key`: accepts when any `v1=` of the header matches. */
function verifies(key: Buffer, request: Received): boolean {
  const signed = `${header(request, 'x-message-id')}.${header(request, 'x-message-timestamp')}.${request.body}`;
  const expected = Buffer.from(`v1=${createHmac('sha256', key).update(signed).digest('hex')}`);
  return header(request, 'x-message-signature')
    .split(' ')
    .some((given) => {
      const g = Buffer.from(given);
      return g.length === expected.length && timingSafeEqual(g, expected);
    });
}

// Issue 27, point 7: the spec's binding of webhook signatures to the client secret is an
// explicit choice of a subscription (`signingKey: "client-secret"`); its own `whsec_` secret
// stays the default (docs/webhooks.md "Signing with the client secret").
describe.each(ENGINES)('signing with the client secret on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 10, 1, 12));
  const receiver = useReceiver();
  const t = useTestApp(engine, {
    clock,
    env: { ...LOCAL_WEBHOOKS_ENV, COFRE_CLIENT_CACHE_TTL_MS: '0' },
  });

  /** Subscribes `customer` at /<path>, opens one account, delivers, and answers the request. */
  const subscribe = (customer: Customer, path: string, body: Record<string, unknown> = {}) =>
    createSubscriptionWithSecret(t, customer.token, {
      url: `${receiver.url}/${path}`,
      resources: ACCOUNT_CREATED_ONLY,
      ...body,
    });
  const deliverOne = async (customer: Customer, path: string): Promise<Received> => {
    const before = receiver.received.filter((r) => r.path === `/${path}`).length;
    clock.advance(1);
    await openAccount(t, customer.token);
    await runDueJobs(t);
    const delivered = receiver.received.filter((r) => r.path === `/${path}`);
    expect(delivered).toHaveLength(before + 1);
    return delivered.at(-1)!;
  };
  const readSecret = async (customer: Customer, id: string) => {
    const res = await t.as(customer.token, {
      method: 'GET',
      url: `/v1/subscriptions/${id}/secret`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ secret: string; previousSecretExpiresAt?: string }>();
  };

  it("signs with the subscription's own secret by default, never with the client's key", async () => {
    const alice = await t.customer();
    const { subscription, secret } = await subscribe(alice, 'default');
    expect(subscription.signingKey).toBe('subscription-secret');
    expect(subscription.signingClientId).toBeUndefined();
    const request = await deliverOne(alice, 'default');
    expect(verifies(ownKey(secret), request)).toBe(true);
    expect(verifies(derivedKey(alice.clientSecret), request)).toBe(false);
  });

  it('signs with the key derived from the client secret when the subscription chooses it', async () => {
    const bob = await t.customer();
    const { subscription, secret } = await subscribe(bob, 'bound', { signingKey: 'client-secret' });
    expect(subscription).toMatchObject({
      signingKey: 'client-secret',
      signingClientId: bob.clientId,
    });
    // The 201 and GET …/secret give the key that signs, in the whsec_ form.
    const asSecret = `whsec_${derivedKey(bob.clientSecret).toString('base64')}`;
    expect(secret).toBe(asSecret);
    expect(await readSecret(bob, subscription.id)).toEqual({ secret: asSecret });
    const own = await t.handle.db
      .selectFrom('subscription_secrets')
      .select('secret')
      .where('subscription_id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    const request = await deliverOne(bob, 'bound');
    expect(verifies(derivedKey(bob.clientSecret), request)).toBe(true);
    expect(verifies(ownKey(own.secret), request)).toBe(false);
  });

  it('signs standard-webhooks deliveries with it too, which the stock library verifies', async () => {
    const carol = await t.customer();
    const { subscription, secret } = await subscribe(carol, 'bound-sw', {
      signingKey: 'client-secret',
      signatureFormat: 'standard-webhooks',
    });
    expect(secret).toBe(`whsec_${derivedKey(carol.clientSecret).toString('base64')}`);
    const own = await t.handle.db
      .selectFrom('subscription_secrets')
      .select('secret')
      .where('subscription_id', '=', subscription.id)
      .executeTakeFirstOrThrow();
    const request = await deliverOne(carol, 'bound-sw');
    expect(verifiedAt(clock.now(), secret, request)).toMatchObject({ type: 'ACCOUNT_CREATED' });
    expect(() => verifiedAt(clock.now(), own.secret, request)).toThrow();
  });

  it("rotates with the client's secret, the old key signing beside the new one for the client's grace window", async () => {
    const dave = await t.customer();
    const { subscription } = await subscribe(dave, 'rotating', { signingKey: 'client-secret' });
    const rotated = await rotateClientSecret(t.handle.db, dave.clientId, clock, {
      webhookKeyGraceSeconds: GRACE_SECONDS,
    });
    const token = await t.token({ ...dave, clientSecret: rotated.clientSecret });
    const current = { ...dave, token };
    expect(await readSecret(current, subscription.id)).toEqual({
      secret: `whsec_${derivedKey(rotated.clientSecret).toString('base64')}`,
      previousSecretExpiresAt: new Date(clock.now() + GRACE_SECONDS * 1000).toISOString(),
    });
    const during = await deliverOne(current, 'rotating');
    expect(header(during, 'x-message-signature').split(' ')).toHaveLength(2);
    expect(verifies(derivedKey(rotated.clientSecret), during)).toBe(true);
    expect(verifies(derivedKey(dave.clientSecret), during)).toBe(true);
    clock.advance(GRACE_SECONDS * 1000);
    const after = await deliverOne(current, 'rotating');
    expect(verifies(derivedKey(rotated.clientSecret), after)).toBe(true);
    expect(verifies(derivedKey(dave.clientSecret), after)).toBe(false);
  });

  it('refuses to rotate the subscription secret of a client-bound subscription', async () => {
    const erin = await t.customer();
    const { subscription } = await subscribe(erin, 'no-rotate', { signingKey: 'client-secret' });
    const res = await t.as(erin.token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscription.id}/secret/rotate`,
      payload: {},
    });
    expect(expectProblem(res, 409, 'INVALID_STATE').detail).toMatch(/client's secret/);
  });

  it("switches by PATCH: to the patching client's secret, and back to the subscription's own", async () => {
    const frank = await t.customer();
    const second = await issueApiClient(
      t.handle.db,
      frank.customerId,
      { name: 'second', environment: t.config.environment },
      clock.now(),
    );
    const secondToken = await t.token({ ...second, customerId: frank.customerId });
    const { subscription, secret } = await subscribe(frank, 'switch');

    const bound = await patchSubscription(t, secondToken, subscription.id, {
      signingKey: 'client-secret',
    });
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json<SubscriptionBody>()).toMatchObject({
      signingKey: 'client-secret',
      signingClientId: second.clientId,
    });
    const byClient = await deliverOne(frank, 'switch');
    expect(verifies(derivedKey(second.clientSecret), byClient)).toBe(true);
    expect(verifies(derivedKey(frank.clientSecret), byClient)).toBe(false);
    expect(verifies(ownKey(secret), byClient)).toBe(false);

    const back = await patchSubscription(t, frank.token, subscription.id, {
      signingKey: 'subscription-secret',
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<SubscriptionBody>().signingClientId).toBeUndefined();
    expect(await readSecret(frank, subscription.id)).toEqual({ secret });
    const byOwn = await deliverOne(frank, 'switch');
    expect(verifies(ownKey(secret), byOwn)).toBe(true);
  });

  it('refuses a signing key it does not know', async () => {
    const grace = await t.customer();
    const res = await t.as(grace.token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: `${receiver.url}/x`, includeAll: true, signingKey: 'CLIENT_SECRET' },
    });
    expectProblem(res, 400, 'INVALID_DATA');
  });
});
