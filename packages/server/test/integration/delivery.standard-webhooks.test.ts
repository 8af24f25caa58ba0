import { createHmac } from 'node:crypto';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { startReceiver, type Received, type Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscriptionWithSecret,
  getLog,
  header,
  listLogs,
  openAccount,
  patchSubscription,
  type Customer,
} from '../helpers/webhook-api.js';

const RETRY_DELAY_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** The headers as a stock verifier takes them (node:http gives lower-case names). */
const headersOf = (request: Received): Record<string, string> =>
  Object.fromEntries(
    Object.entries(request.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );

/**
 * Runs a stock verifier as if its machine's clock read `ms`: both libraries check the timestamp
 * against Date.now() with a 5-minute tolerance, so only Date is faked, and only for the call.
 */
function verifyAt(ms: number, verifier: StandardWebhook | SvixWebhook, request: Received): unknown {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(ms);
  try {
    return verifier.verify(request.body, headersOf(request));
  } finally {
    vi.useRealTimers();
  }
}

/** Both stock libraries, unmodified, holding `secret`; each returns the parsed event or throws. */
const verifiers = (secret: string) => [new StandardWebhook(secret), new SvixWebhook(secret)];

// Issue 15, point 1: a subscription with signatureFormat "standard-webhooks" is verified by the
// unmodified `standardwebhooks` and `svix` npm packages, on every attempt, whenever it is sent.
describe.each(ENGINES)('standard-webhooks deliveries on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  let t: TestApp;
  let receiver: Receiver;
  let alice: Customer;
  let subscriptionId: string;
  let secret: string;

  beforeAll(async () => {
    // The first delivery fails, so it is retried RETRY_DELAY_MS later.
    receiver = await startReceiver((r) => ({ status: r.n === 1 ? 500 : 200 }));
    t = await createTestApp(engine, {
      clock,
      env: {
        COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
        COFRE_WEBHOOK_MAX_RETRIES: '2',
        COFRE_WEBHOOK_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
        COFRE_SANDBOX_STEP_DELAY_MS: '3600000',
      },
    });
    alice = await t.customer('Alice');
    const created = await createSubscriptionWithSecret(t, alice.token, {
      url: `${receiver.url}/hooks`,
      resources: ACCOUNT_CREATED_ONLY,
      allowRetry: true,
      signatureFormat: 'standard-webhooks',
    });
    expect(created.subscription.signatureFormat).toBe('standard-webhooks');
    subscriptionId = created.subscription.id;
    secret = created.secret;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('sends webhook-id, webhook-timestamp (the send time) and a webhook-signature both stock verifiers accept', async () => {
    await openAccount(t, alice.token);
    await runDueJobs(t);
    const [first] = await receiver.waitForRequests(1);
    expect(header(first!, 'webhook-id')).toMatch(/^msg_/);
    expect(header(first!, 'webhook-timestamp')).toBe(String(Math.floor(clock.now() / 1000)));
    expect(header(first!, 'webhook-signature')).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(header(first!, 'content-type')).toBe('application/json');
    // Routing help stays; cofre's own signature headers do not.
    expect(header(first!, 'x-event-type')).toBe('ACCOUNT_CREATED');
    expect(first!.headers['x-message-signature']).toBeUndefined();
    expect(first!.headers['x-message-timestamp']).toBeUndefined();
    for (const verifier of verifiers(secret)) {
      expect(verifyAt(clock.now(), verifier, first!)).toEqual(JSON.parse(first!.body));
    }
  });

  it('signs a retry sent ten minutes later with its own timestamp, which the verifiers accept then', async () => {
    const first = receiver.received[0]!;
    clock.advance(RETRY_DELAY_MS);
    await runDueJobs(t);
    const retry = (await receiver.waitForRequests(2))[1]!;
    expect(header(retry, 'webhook-id')).toBe(header(first, 'webhook-id'));
    expect(Number(header(retry, 'webhook-timestamp'))).toBe(
      Number(header(first, 'webhook-timestamp')) + RETRY_DELAY_MS / 1000,
    );
    expect(retry.body).toBe(first.body);
    for (const verifier of verifiers(secret)) {
      expect(verifyAt(clock.now(), verifier, retry)).toEqual(JSON.parse(retry.body));
      // The first attempt's headers, ten minutes on, are outside the 5-minute tolerance.
      expect(() => verifyAt(clock.now(), verifier, first)).toThrow(/too old/i);
    }
  });

  it('logs the headers each attempt actually sent', async () => {
    const logs = (await listLogs(t, alice.token, subscriptionId, 'sortOrder=ASCENDING')).data;
    expect(logs.map((l) => l.trigger)).toEqual(['AUTOMATIC', 'RETRY']);
    for (const [i, summary] of logs.entries()) {
      const log = await getLog(t, alice.token, subscriptionId, summary.id);
      const sent = receiver.received[i]!;
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-event-type']) {
        expect(log.requestHeaders[name], name).toBe(header(sent, name));
      }
    }
  });

  it('re-signs a resend with a fresh timestamp', async () => {
    const logs = (await listLogs(t, alice.token, subscriptionId, 'sortOrder=ASCENDING')).data;
    clock.advance(DAY_MS / 24);
    const res = await t.as(alice.token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/executionLogs/${logs[0]!.id}/resend`,
    });
    expect(res.statusCode, res.body).toBe(204);
    await runDueJobs(t);
    const resent = (await receiver.waitForRequests(3))[2]!;
    expect(header(resent, 'webhook-id')).toBe(header(receiver.received[0]!, 'webhook-id'));
    expect(header(resent, 'webhook-timestamp')).toBe(String(Math.floor(clock.now() / 1000)));
    for (const verifier of verifiers(secret)) {
      expect(verifyAt(clock.now(), verifier, resent)).toEqual(JSON.parse(resent.body));
    }
  });

  it('signs with both secrets during a rotation window: a receiver holding either one verifies', async () => {
    const rotated = await t.as(alice.token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/secret/rotate`,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json<{ secret: string }>().secret;
    await openAccount(t, alice.token);
    await runDueJobs(t);
    const during = (await receiver.waitForRequests(4))[3]!;
    const signatures = header(during, 'webhook-signature').split(' ');
    expect(signatures).toHaveLength(2);
    // The new secret's signature first.
    const timestamp = Number(header(during, 'webhook-timestamp'));
    const id = header(during, 'webhook-id');
    expect(signatures[0]).toBe(
      new StandardWebhook(newSecret).sign(id, new Date(timestamp * 1000), during.body),
    );
    for (const verifier of [...verifiers(secret), ...verifiers(newSecret)]) {
      expect(verifyAt(clock.now(), verifier, during)).toEqual(JSON.parse(during.body));
    }

    // A day later (the default window) the old secret no longer signs.
    clock.advance(DAY_MS);
    // Tokens live 23 hours: a new one for the next day.
    await openAccount(t, await t.token(alice));
    await runDueJobs(t);
    const after = receiver.received.find(
      (r) => r.n > 4 && r.headers['webhook-id'] !== id && r.body.includes('ACCOUNT_CREATED'),
    );
    expect(after).toBeDefined();
    expect(header(after!, 'webhook-signature').split(' ')).toHaveLength(1);
    for (const verifier of verifiers(newSecret)) {
      expect(verifyAt(clock.now(), verifier, after!)).toEqual(JSON.parse(after!.body));
    }
    for (const verifier of verifiers(secret)) {
      expect(() => verifyAt(clock.now(), verifier, after!)).toThrow(/no matching signature/i);
    }
  });
  it('switches to the cofre format on PATCH, signed with the same secret', async () => {
    const token = await t.token(alice);
    const { secret: current } = (
      await t.as(token, { method: 'GET', url: `/v1/subscriptions/${subscriptionId}/secret` })
    ).json<{ secret: string }>();
    const patched = await patchSubscription(t, token, subscriptionId, { signatureFormat: 'cofre' });
    expect(patched.json()).toMatchObject({ signatureFormat: 'cofre' });
    const before = receiver.received.length;
    await openAccount(t, token);
    await runDueJobs(t);
    const cofre = (await receiver.waitForRequests(before + 1))[before]!;
    expect(cofre.headers['webhook-signature']).toBeUndefined();
    const key = Buffer.from(current.slice('whsec_'.length), 'base64');
    const signed = `${header(cofre, 'x-message-id')}.${header(cofre, 'x-message-timestamp')}.${cofre.body}`;
    expect(header(cofre, 'x-message-signature')).toBe(
      `v1=${createHmac('sha256', key).update(signed).digest('hex')}`,
    );
  });
});
