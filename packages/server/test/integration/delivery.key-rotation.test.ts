import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { rotateClientSecret } from '../../src/modules/customers/customers.service.js';
import { FAST_DELIVERY_ENV, openAccount, subscribe } from '../helpers/delivery.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import { header, waitForLogs } from '../helpers/webhook-api.js';

const GRACE_SECONDS = 3600;

/**
 * A receiver without the SDK, as docs/webhooks.md tells it: split the header on spaces and
 * accept the message if any `v1=` value equals the one computed with its secret.
 */
function verifiesWith(clientSecret: string, request: Received): boolean {
  const key = createHmac('sha256', Buffer.from(clientSecret, 'utf8'))
    .update('cofre.webhook-signing.v1')
    .digest();
  const signed = `${header(request, 'x-message-id')}.${header(request, 'x-message-timestamp')}.${request.body}`;
  const expected = Buffer.from(`v1=${createHmac('sha256', key).update(signed).digest('hex')}`);
  return header(request, 'x-message-signature')
    .split(' ')
    .some((given) => {
      const g = Buffer.from(given);
      return g.length === expected.length && timingSafeEqual(g, expected);
    });
}

describe.each(ENGINES)('webhook signatures across a secret rotation on %s', (engine) => {
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
        COFRE_WEBHOOK_KEY_GRACE_SECONDS: String(GRACE_SECONDS),
      },
    });
    const customer = await t.customer();
    oldSecret = customer.clientSecret;
    subscriptionId = await subscribe(t, customer.token, {
      url: `${endpoint.url}/hook`,
      allowRetry: true,
    });
    const rotated = await rotateClientSecret(t.handle.db, customer.clientId, clock, {
      webhookKeyGraceSeconds: t.config.webhooks.keyRotationGraceSeconds,
    });
    newSecret = rotated.clientSecret;
    token = await t.token({ ...customer, clientSecret: newSecret });
  });
  afterAll(async () => {
    await t.close();
    await endpoint.close();
  });

  it('signs a message made right after the rotation with both keys, and its retry with the same bytes', async () => {
    await openAccount(t, token);
    const [first] = await endpoint.waitForRequests(1);
    // Once the failed attempt is settled its retry is due a fixed delay later, on this clock.
    await waitForLogs(t, token, subscriptionId, 1);
    clock.advance(Number(FAST_DELIVERY_ENV.COFRE_WEBHOOK_RETRY_DELAY_MS));
    const retry = (await endpoint.waitForRequests(2))[1]!;

    expect(header(first!, 'x-message-signature')).toMatch(/^v1=[0-9a-f]{64} v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, first!)).toBe(true);
    expect(verifiesWith(oldSecret, first!)).toBe(true);
    expect(verifiesWith('some-other-secret', first!)).toBe(false);
    expect(header(retry, 'x-message-id')).toBe(header(first!, 'x-message-id'));
    expect(header(retry, 'x-message-signature')).toBe(header(first!, 'x-message-signature'));
  });

  it('signs with the new key only once the grace window has passed', async () => {
    // The retry must be settled first: an hour's jump would also expire its lease and deliver it
    // again (at-least-once), which is not what this test is about.
    await waitForLogs(t, token, subscriptionId, 2);
    clock.advance(GRACE_SECONDS * 1000);
    await openAccount(t, token);
    const later = (await endpoint.waitForRequests(3))[2]!;
    expect(header(later, 'x-message-signature')).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifiesWith(newSecret, later)).toBe(true);
    expect(verifiesWith(oldSecret, later)).toBe(false);
  });
});
