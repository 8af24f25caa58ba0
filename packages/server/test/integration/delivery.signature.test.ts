import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAST_DELIVERY_ENV, openAccount, subscribe, waitForSettled } from '../helpers/delivery.js';
import { startReceiver, type Receiver, type Received } from '../helpers/receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';

/**
 * What a receiver without the SDK does, written from the documented format only (docs/webhooks.md;
 * the server's signing code is deliberately not imported):
 *   key       = base64-decode(secret without its `whsec_` prefix)
 *   signature = "v1=" + hex(HMAC-SHA256(key, `${X-Message-Id}.${X-Message-Timestamp}.${rawBody}`))
 */
function verify(
  secret: string,
  input: { messageId: string; timestamp: string; body: string; signature: string },
): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = `v1=${createHmac('sha256', key)
    .update(`${input.messageId}.${input.timestamp}.${input.body}`)
    .digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(input.signature);
  return a.length === b.length && timingSafeEqual(a, b);
}

function signed(request: Received) {
  return {
    messageId: String(request.headers['x-message-id']),
    timestamp: String(request.headers['x-message-timestamp']),
    body: request.body,
    signature: String(request.headers['x-message-signature']),
  };
}

describe.each(ENGINES)('delivery signature on %s', (engine) => {
  let t: TestApp;
  let endpoint: Receiver;
  let secret: string;
  let otherSecret: string;
  let delivered: Received;
  let openedAt: { before: number; after: number };

  beforeAll(async () => {
    endpoint = await startReceiver();
    t = await createTestApp(engine, { worker: true, env: FAST_DELIVERY_ENV });
    const customer = await t.customer();
    const other = await t.customer('Someone else');
    const subscriptionId = await subscribe(t, customer.token, { url: `${endpoint.url}/hook` });
    const secretOf = async (token: string, id: string) =>
      (await t.as(token, { method: 'GET', url: `/v1/subscriptions/${id}/secret` })).json<{
        secret: string;
      }>().secret;
    secret = await secretOf(customer.token, subscriptionId);
    otherSecret = await secretOf(
      other.token,
      await subscribe(t, other.token, { url: `${endpoint.url}/other` }),
    );
    const before = Date.now();
    await openAccount(t, customer.token);
    openedAt = { before, after: Date.now() };
    await waitForSettled(t, subscriptionId);
    delivered = (await endpoint.waitForRequests(1))[0]!;
  });
  afterAll(async () => {
    await t.close();
    await endpoint.close();
  });

  it("verifies with the key of the subscription's secret as documented", () => {
    expect(verify(secret, signed(delivered))).toBe(true);
  });

  it('does not verify a tampered body', () => {
    const tampered = delivered.body.replace('"ACCOUNT_CREATED"', '"ACCOUNT_ASSET_FAILED"');
    expect(tampered).not.toBe(delivered.body);
    expect(verify(secret, { ...signed(delivered), body: tampered })).toBe(false);
    expect(verify(secret, { ...signed(delivered), body: `${delivered.body} ` })).toBe(false);
  });

  it('does not verify with a different timestamp', () => {
    const timestamp = String(Number(delivered.headers['x-message-timestamp']) + 1);
    expect(verify(secret, { ...signed(delivered), timestamp })).toBe(false);
  });

  it("does not verify with another subscription's secret", () => {
    expect(verify(otherSecret, signed(delivered))).toBe(false);
  });

  it('signs the message creation time in unix seconds', () => {
    const timestamp = Number(delivered.headers['x-message-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(Math.floor(openedAt.before / 1000));
    expect(timestamp).toBeLessThanOrEqual(Math.floor(openedAt.after / 1000));
  });

  it('sends the event as {id, type, resource, atTime, data}', () => {
    const event = JSON.parse(delivered.body);
    expect(Object.keys(event).sort()).toEqual(['atTime', 'data', 'id', 'resource', 'type']);
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/) as string,
      type: delivered.headers['x-event-type'],
      resource: delivered.headers['x-resource-name'],
      data: { id: expect.stringMatching(/^acc_/) as string, type: 'CHECKING' },
    });
    expect(new Date(event.atTime).toISOString()).toBe(event.atTime);
    expect(Math.floor(Date.parse(event.atTime) / 1000)).toBe(
      Number(delivered.headers['x-message-timestamp']),
    );
  });
});
