import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { rotateClientSecret } from '../../src/modules/customers/customers.service.js';
import { FAST_DELIVERY_ENV, openAccount, subscribe } from '../helpers/delivery.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { header, waitForLogs } from '../helpers/webhook-api.js';

const WINDOW_SECONDS = 3600;

/**
 * A receiver without the SDK, as docs/webhooks.md tells it: the key is the secret's base64 after
 * `whsec_`; split the header on spaces and accept if any `v1=` value equals the computed one.
 */
function verifiesWith(secret: string, request: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${header(request, 'x-message-id')}.${header(request, 'x-message-timestamp')}.${request.body}`;
  const expected = Buffer.from(`v1=${createHmac('sha256', key).update(signed).digest('hex')}`);
  return header(request, 'x-message-signature')
    .split(' ')
    .some((given) => {
      const g = Buffer.from(given);
      return g.length === expected.length && timingSafeEqual(g, expected);
    });
}

// The `cofre` format across a rotation of the subscription's secret (POST …/secret/rotate), and
// across a rotation of the client secret, which no longer touches webhook signatures.
describe.each(ENGINES)('cofre-format signatures across secret rotations on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestApp;
  let endpoint: Receiver;
  let oldSecret: string;
  let newSecret: string;
  let token: string;
  let subscriptionId: string;

  beforeAll(async () => {
    // The first delivery fails once, so its retry can be compared with it.
    endpoint = await startReceiver((r) => ({ status: r.n === 1 ? 500 : 200 }));
    t = await createTestApp(engine, {
      clock,
      worker: true,
      env: {
        ...FAST_DELIVERY_ENV,
        COFRE_WORKER_POLL_MS: '10',
        // The new token must be accepted at once; the state cache would wait on this still clock.
        COFRE_CLIENT_CACHE_TTL_MS: '0',
      },
    });
    const customer = await t.customer();
    token = customer.token;
    subscriptionId = await subscribe(t, token, { url: `${endpoint.url}/hook`, allowRetry: true });
    const read = await t.as(token, {
      method: 'GET',
      url: `/v1/subscriptions/${subscriptionId}/secret`,
    });
    oldSecret = read.json<{ secret: string }>().secret;
    const rotated = await t.as(token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/secret/rotate`,
      payload: { expireCurrentInSeconds: WINDOW_SECONDS },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    newSecret = rotated.json<{ secret: string }>().secret;
  });
  afterAll(async () => {
    await t.close();
    await endpoint.close();
  });

  it('signs a message made inside the window with both secrets, and its retry with the same bytes', async () => {
    await openAccount(t, token);
    const [first] = await endpoint.waitForRequests(1);
    // Once the failed attempt is settled its retry is due a fixed delay later, on this clock.
    await waitForLogs(t, token, subscriptionId, 1);
    clock.advance(Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_RETRY_DELAY_MS));
    const retry = (await endpoint.waitForRequests(2))[1]!;

    expect(header(first!, 'x-message-signature')).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, first!)).toBe(true);
    expect(verifiesWith(oldSecret, first!)).toBe(true);
    expect(verifiesWith(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, first!)).toBe(false);
    expect(header(retry, 'x-message-id')).toBe(header(first!, 'x-message-id'));
    expect(header(retry, 'x-message-signature')).toBe(header(first!, 'x-message-signature'));
  });

  it('signs with the new secret only once the window has passed', async () => {
    // The retry must be settled first: an hour's jump would also expire its lease and deliver it
    // again (at-least-once), which is not what this test is about.
    await waitForLogs(t, token, subscriptionId, 2);
    clock.advance(WINDOW_SECONDS * 1000);
    await openAccount(t, token);
    const later = (await endpoint.waitForRequests(3))[2]!;
    expect(header(later, 'x-message-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, later)).toBe(true);
    expect(verifiesWith(oldSecret, later)).toBe(false);
  });

  it('keeps signing with the subscription secret after the client secret is rotated', async () => {
    await waitForLogs(t, token, subscriptionId, 3);
    const customer = await t.createClient('Rotating');
    const ownToken = await t.token(customer);
    const id = await subscribe(t, ownToken, { url: `${endpoint.url}/rotating` });
    const { secret } = (
      await t.as(ownToken, { method: 'GET', url: `/v1/subscriptions/${id}/secret` })
    ).json<{ secret: string }>();
    const rotated = await rotateClientSecret(t.handle.db, customer.clientId, clock, {
      webhookKeyGraceSeconds: t.config.webhooks.keyRotationGraceSeconds,
    });
    const newToken = await t.token({ ...customer, clientSecret: rotated.clientSecret });
    const after = await t.as(newToken, { method: 'GET', url: `/v1/subscriptions/${id}/secret` });
    expect(after.json()).toEqual({ secret });
    await openAccount(t, newToken);
    const delivered = (await endpoint.waitForRequests(4))[3]!;
    expect(delivered.path).toBe('/rotating');
    expect(header(delivered, 'x-message-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifiesWith(secret, delivered)).toBe(true);
  });
});
