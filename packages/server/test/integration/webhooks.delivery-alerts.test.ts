import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import type { Receiver } from '../helpers/receiver.js';
import { runDueJobs } from '../helpers/run-due-jobs.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  openAccount,
  patchSubscription,
  type Customer,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceivers, useTestApp } from '../helpers/world.js';

const WINDOW_MS = 60_000;
/** Both operational resources, selected by name. */
const ALERTS = [
  { name: 'SUBSCRIPTION', includeAll: true },
  { name: 'MESSAGE', includeAll: true },
];

interface Delivered {
  type: string;
  resource: string;
  data: { id: string; subscriptionId?: string; status?: string; eventType?: string };
}

const bodies = (receiver: Receiver): Delivered[] =>
  receiver.received.map((r) => JSON.parse(r.body) as Delivered);
const typesOf = (receiver: Receiver): string[] => bodies(receiver).map((b) => b.type);

describe.each(ENGINES)('delivery alerts on %s', (engine) => {
  const clock = new ManualClock(Date.UTC(2026, 5, 1, 12));
  const t = useTestApp(engine, {
    clock,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_ALERT_WINDOW_MS: String(WINDOW_MS),
      COFRE_WEBHOOK_ALERT_MIN_ATTEMPTS: '2',
      COFRE_WEBHOOK_ALERT_FAILURE_PERCENT: '50',
      COFRE_WEBHOOK_AUTO_DISABLE_AFTER_MS: '600000',
    },
  });
  const receiver = useReceivers();

  /** A customer with a subscription to ACCOUNT_CREATED answering `status` while `answer` says. */
  const failingSubscription = async (customer: Customer, answer: { status: number }) => {
    const endpoint = await receiver(() => answer);
    const sub = await createSubscription(t, customer.token, {
      url: `${endpoint.url}/failing`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    return { endpoint, sub };
  };

  const eventsOf = async (customer: Customer, type: string) =>
    t.handle.db
      .selectFrom('events')
      .select(['id', 'payload'])
      .where('customer_id', '=', customer.customerId)
      .where('type', '=', type)
      .execute();

  it('raises SUBSCRIPTION_FAILING once per window until it recovers, to a watcher only', async () => {
    const alice = await t.customer('Alice');
    const answer = { status: 500 };
    const { endpoint, sub } = await failingSubscription(alice, answer);
    const watcher = await receiver();
    await createSubscription(t, alice.token, { url: `${watcher.url}/alerts`, resources: ALERTS });
    const everything = await receiver();
    await createSubscription(t, alice.token, { url: `${everything.url}/all`, includeAll: true });
    const alsoAlerts = await receiver();
    await createSubscription(t, alice.token, {
      url: `${alsoAlerts.url}/all-and-alerts`,
      includeAll: true,
      resources: [{ name: 'SUBSCRIPTION', includeAll: true }],
    });

    for (let i = 0; i < 3; i++) await openAccount(t, alice.token);
    await runDueJobs(t);
    expect(endpoint.received).toHaveLength(3);
    const failing = bodies(watcher).filter((b) => b.type === 'SUBSCRIPTION_FAILING');
    expect(failing).toHaveLength(1);
    expect(failing[0]).toMatchObject({
      resource: 'SUBSCRIPTION',
      data: { id: sub.id, status: 'ACTIVE', alert: { attempts: 2, failures: 2 } },
    });
    expect(JSON.stringify(failing[0])).not.toContain('whsec_');
    // Every message without retries ran out at once: one MESSAGE_EXHAUSTED each.
    const exhausted = bodies(watcher).filter((b) => b.type === 'MESSAGE_EXHAUSTED');
    expect(exhausted).toHaveLength(3);
    expect(exhausted[0]!.data).toMatchObject({
      subscriptionId: sub.id,
      eventType: 'ACCOUNT_CREATED',
      status: 'FAILED',
      lastAttempt: { httpStatus: 500, error: 'The endpoint answered 500.' },
    });
    // A top-level includeAll is business events only: no operational type reaches it.
    expect(new Set(typesOf(everything))).toEqual(new Set(['ACCOUNT_CREATED']));
    // Named beside includeAll, an operational resource is added to it.
    expect(new Set(typesOf(alsoAlerts))).toEqual(
      new Set(['ACCOUNT_CREATED', 'SUBSCRIPTION_FAILING']),
    );

    // Still failing, a window later: no second FAILING, as it never recovered.
    clock.advance(WINDOW_MS);
    for (let i = 0; i < 3; i++) await openAccount(t, alice.token);
    await runDueJobs(t);
    expect(typesOf(watcher).filter((x) => x === 'SUBSCRIPTION_FAILING')).toHaveLength(1);

    // Fixed: a window of successes recovers it; failing again later raises FAILING again.
    answer.status = 200;
    clock.advance(WINDOW_MS);
    for (let i = 0; i < 2; i++) await openAccount(t, alice.token);
    await runDueJobs(t);
    expect(typesOf(watcher).filter((x) => x === 'SUBSCRIPTION_RECOVERED')).toHaveLength(1);
    answer.status = 503;
    clock.advance(WINDOW_MS);
    for (let i = 0; i < 2; i++) await openAccount(t, alice.token);
    await runDueJobs(t);
    expect(typesOf(watcher).filter((x) => x === 'SUBSCRIPTION_FAILING')).toHaveLength(2);
  });

  it('never alerts a subscription about itself, and alerts about alerts never happen', async () => {
    const alice = await t.customer('Alice');
    // Two failing subscriptions that watch each other (and themselves, by selection).
    const a = await receiver(() => ({ status: 500 }));
    const b = await receiver(() => ({ status: 500 }));
    const resources = [...ACCOUNT_CREATED_ONLY, ...ALERTS];
    const subA = await createSubscription(t, alice.token, { url: `${a.url}/a`, resources });
    const subB = await createSubscription(t, alice.token, { url: `${b.url}/b`, resources });
    for (let i = 0; i < 3; i++) await openAccount(t, alice.token);
    await runDueJobs(t);

    // Each got the three accounts and the other's alerts, never its own.
    for (const [endpoint, own] of [
      [a, subA.id],
      [b, subB.id],
    ] as const) {
      const alerts = bodies(endpoint).filter((x) => x.resource !== 'ACCOUNT');
      expect(alerts.length).toBeGreaterThan(0);
      for (const alert of alerts) expect(alert.data.subscriptionId ?? alert.data.id).not.toBe(own);
    }
    // The alerts failed too, yet raised nothing: 3 exhausted business messages per
    // subscription and one FAILING each, counted from the business attempts alone.
    expect(await eventsOf(alice, 'MESSAGE_EXHAUSTED')).toHaveLength(6);
    expect(await eventsOf(alice, 'SUBSCRIPTION_FAILING')).toHaveLength(2);
    const health = await t.handle.db
      .selectFrom('subscription_health')
      .select(['subscription_id', 'window_attempts', 'window_failures'])
      .where('subscription_id', 'in', [subA.id, subB.id])
      .execute();
    expect(health.map((h) => [h.window_attempts, h.window_failures])).toEqual([
      [3, 3],
      [3, 3],
    ]);
    expect(await runDueJobs(t)).toBe(0);
  });

  it('disables a subscription failing for the period, once, holds its messages and releases them in order when enabled', async () => {
    const alice = await t.customer('Alice');
    const answer = { status: 500 };
    const { endpoint, sub } = await failingSubscription(alice, answer);
    const watcher = await receiver();
    await createSubscription(t, alice.token, {
      url: `${watcher.url}/alerts`,
      resources: [{ name: 'SUBSCRIPTION', events: ['SUBSCRIPTION_DISABLED'] }],
    });
    await openAccount(t, alice.token);
    await runDueJobs(t);
    clock.advance(600_000);
    await openAccount(t, alice.token);
    await runDueJobs(t);
    expect(typesOf(watcher)).toEqual(['SUBSCRIPTION_DISABLED']);
    const disabled = bodies(watcher)[0]!;
    expect(disabled.data).toMatchObject({ id: sub.id, status: 'DISABLED' });

    const read = await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}` });
    expect(read.json()).toMatchObject({
      status: 'DISABLED',
      disabled: {
        at: new Date(clock.now()).toISOString(),
        reason: expect.stringContaining('500') as string,
      },
    });
    // Held, not sent, while disabled.
    const held = [await openAccount(t, alice.token), await openAccount(t, alice.token)];
    clock.advance(600_000);
    await runDueJobs(t);
    expect(endpoint.received).toHaveLength(2);
    expect(typesOf(watcher)).toEqual(['SUBSCRIPTION_DISABLED']);
    // DISABLED is the server's to set.
    const refused = await patchSubscription(t, alice.token, sub.id, { status: 'DISABLED' });
    expect(refused.statusCode).toBe(400);

    answer.status = 200;
    const enabled = await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect(enabled.json()).not.toHaveProperty('disabled');
    await runDueJobs(t);
    const released = endpoint.received
      .slice(2)
      .map((r) => (JSON.parse(r.body) as Delivered).data.id);
    expect(released).toEqual(held);
    expect(await eventsOf(alice, 'SUBSCRIPTION_DISABLED')).toHaveLength(1);
  });

  it('accepts the operational resources in a selection and lists them in the catalog', async () => {
    const alice = await t.customer('Alice');
    const watcher = await receiver();
    const created = await createSubscription(t, alice.token, {
      url: `${watcher.url}/alerts`,
      resources: [
        { name: 'SUBSCRIPTION', events: ['SUBSCRIPTION_FAILING', 'SUBSCRIPTION_DISABLED'] },
        { name: 'MESSAGE', events: ['MESSAGE_EXHAUSTED'] },
      ],
    });
    expect(created.resources).toHaveLength(2);
    const wrong = await patchSubscription(t, alice.token, created.id, {
      resources: [{ name: 'MESSAGE', events: ['SUBSCRIPTION_FAILING'] }],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('UNKNOWN_EVENT_TYPE');
    const catalog = await t.app.inject({ method: 'GET', url: '/v1/events/types' });
    const names = catalog.json<{ resources: { name: string }[] }>().resources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['SUBSCRIPTION', 'MESSAGE']));
  });
});
