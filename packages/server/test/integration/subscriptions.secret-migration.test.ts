import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { rotateClientSecret } from '../../src/modules/customers/customers.service.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { downAndUpAgain } from '../helpers/migrations.js';
import { ENGINES } from '../helpers/test-db.js';
import { LOCAL_WEBHOOKS_ENV } from '../helpers/world.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  header,
  openAccount,
  type Customer,
} from '../helpers/webhook-api.js';

const SECRETS_MIGRATION = '0014-subscription-secrets';
const GRACE_SECONDS = 3600;

/** The key receivers derived from the client secret before migration 0014 (docs/webhooks.md). */
const clientDerivedKey = (clientSecret: string): Buffer =>
  createHmac('sha256', Buffer.from(clientSecret, 'utf8'))
    .update('cofre.webhook-signing.v1')
    .digest();

/** A receiver as written before 0014: key from the client secret, any `v1=` of the header. */
function verifiesWithClientSecret(clientSecret: string, request: Received): boolean {
  const signed = `${header(request, 'x-message-id')}.${header(request, 'x-message-timestamp')}.${request.body}`;
  const expected = Buffer.from(
    `v1=${createHmac('sha256', clientDerivedKey(clientSecret)).update(signed).digest('hex')}`,
  );
  return header(request, 'x-message-signature')
    .split(' ')
    .some((given) => {
      const g = Buffer.from(given);
      return g.length === expected.length && timingSafeEqual(g, expected);
    });
}

// Migration 0014 gives every subscription that exists before it the key that signs its
// deliveries today (its client's webhook key, as a whsec_ secret), so receivers that derive the
// key from the client secret keep verifying, unchanged.
describe.each(ENGINES)('the subscription-secrets migration on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestApp;
  let receiver: Receiver;
  let plain: Customer;
  let rotating: Customer;
  let rotatedSecret: string;
  const subscriptions: Record<string, string> = {};

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(engine, {
      clock,
      env: {
        ...LOCAL_WEBHOOKS_ENV,
        COFRE_CLIENT_CACHE_TTL_MS: '0',
      },
    });
    plain = await t.customer('Plain');
    rotating = await t.customer('Rotating');
    for (const customer of [plain, rotating]) {
      const sub = await createSubscription(t, customer.token, {
        url: `${receiver.url}/${customer.customerId}`,
        resources: ACCOUNT_CREATED_ONLY,
      });
      subscriptions[customer.customerId] = sub.id;
    }
    // One client mid-rotation: its previous key still signs until the grace window ends.
    const rotated = await rotateClientSecret(t.handle.db, rotating.clientId, clock, {
      webhookKeyGraceSeconds: GRACE_SECONDS,
    });
    rotatedSecret = rotated.clientSecret;
    rotating = { ...rotating, token: await t.token({ ...rotating, clientSecret: rotatedSecret }) };

    // Back to before 0014 (the secrets and the format go), then up again: the state of a
    // database that had these subscriptions before the upgrade.
    await downAndUpAgain(t.handle.db, SECRETS_MIGRATION);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const readSecret = async (customer: Customer) => {
    const res = await t.as(customer.token, {
      method: 'GET',
      url: `/v1/subscriptions/${subscriptions[customer.customerId]}/secret`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ secret: string; previousSecretExpiresAt?: string }>();
  };

  it("gives an existing subscription whsec_ + base64 of its client's current webhook key", async () => {
    expect(await readSecret(plain)).toEqual({
      secret: `whsec_${clientDerivedKey(plain.clientSecret).toString('base64')}`,
    });
    const sub = await t.as(plain.token, {
      method: 'GET',
      url: `/v1/subscriptions/${subscriptions[plain.customerId]}`,
    });
    expect(sub.json()).toMatchObject({ signatureFormat: 'cofre' });
  });

  it("carries a client's rotation window over: the previous key keeps signing until it ends", async () => {
    expect(await readSecret(rotating)).toEqual({
      secret: `whsec_${clientDerivedKey(rotatedSecret).toString('base64')}`,
      previousSecretExpiresAt: new Date(clock.now() + GRACE_SECONDS * 1000).toISOString(),
    });
  });

  it('keeps cofre signatures verifiable with the key derived from the client secret', async () => {
    await openAccount(t, plain.token);
    await openAccount(t, rotating.token);
    await runDueJobs(t);
    const [a, b] = await receiver.waitForRequests(2);
    const byPath = (customer: Customer) =>
      [a!, b!].find((r) => r.path === `/${customer.customerId}`)!;
    expect(verifiesWithClientSecret(plain.clientSecret, byPath(plain))).toBe(true);
    const both = byPath(rotating);
    expect(header(both, 'x-message-signature').split(' ')).toHaveLength(2);
    expect(verifiesWithClientSecret(rotatedSecret, both)).toBe(true);
    expect(verifiesWithClientSecret(rotating.clientSecret, both)).toBe(true);
  });
});
