import { describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-db.js';
import { createSubscription } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

interface Catalog {
  resources: {
    name: string;
    operational: boolean;
    events: { type: string; description: string }[];
  }[];
}

describe.each(ENGINES)('the public event catalog on %s', (engine) => {
  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  const catalog = () => t.app.inject({ method: 'GET', url: '/v1/events/types' });

  it('lists the business resources, then the operational ones, and their events without a token', async () => {
    const res = await catalog();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<Catalog>();
    expect(body.resources.map((r) => [r.name, r.operational])).toEqual([
      ['ACCOUNT', false],
      ['BENEFICIARY', false],
      ['OPERATION', false],
      ['SUBSCRIPTION', true],
      ['MESSAGE', true],
    ]);
    const events = Object.fromEntries(
      body.resources.map((r) => [r.name, r.events.map((e) => e.type)]),
    );
    expect(events).toEqual({
      ACCOUNT: ['ACCOUNT_CREATED', 'ACCOUNT_ASSET_ACTIVATED', 'ACCOUNT_ASSET_FAILED'],
      BENEFICIARY: [
        'BENEFICIARY_PAYMENT_INSTRUCTION_CREATED',
        'BENEFICIARY_PAYMENT_INSTRUCTION_APPROVED',
        'BENEFICIARY_PAYMENT_INSTRUCTION_REJECTED',
      ],
      OPERATION: [
        'OPERATION_REQUESTED',
        'OPERATION_FUNDING_INSTRUCTION_READY',
        'OPERATION_COMPLETED',
        'OPERATION_FAILED',
      ],
      SUBSCRIPTION: ['SUBSCRIPTION_FAILING', 'SUBSCRIPTION_RECOVERED', 'SUBSCRIPTION_DISABLED'],
      MESSAGE: ['MESSAGE_EXHAUSTED'],
    });
  });

  it('describes every event and prefixes it with its resource name', async () => {
    for (const resource of (await catalog()).json<Catalog>().resources) {
      for (const event of resource.events) {
        expect(event.type.startsWith(`${resource.name}_`), event.type).toBe(true);
        expect(event.description.length, event.type).toBeGreaterThan(10);
      }
    }
  });

  it('is cacheable, being the same for everyone', async () => {
    expect((await catalog()).headers['cache-control']).toMatch(/public/);
  });

  it('lists exactly what a subscription may select', async () => {
    const alice = await t.customer('Alice');
    const resources = (await catalog())
      .json<Catalog>()
      .resources.map((r) => ({ name: r.name, events: r.events.map((e) => e.type) }));
    const sub = await createSubscription(t, alice.token, {
      url: 'http://127.0.0.1:8999/hooks',
      resources,
    });
    expect(sub.resources).toEqual(resources.map((r) => ({ ...r, includeAll: false })));
  });
});
