import { describe, expect, it } from 'vitest';
import { ENGINES } from '../helpers/test-db.js';
import { useReceiver, useTestApp } from '../helpers/world.js';

describe.each(ENGINES)('webhooks end to end on %s', (engine) => {
  const receiver = useReceiver();
  const t = useTestApp(engine, {
    worker: true,
    env: {
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_SANDBOX_STEP_DELAY_MS: '50',
      COFRE_WORKER_POLL_MS: '5000',
    },
  });

  it('delivers ACCOUNT_CREATED, then ACCOUNT_ASSET_ACTIVATED when the sandbox activates the account', async () => {
    const alice = await t.customer();
    const sub = await t.as(alice.token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: `${receiver.url}/hooks`, resources: [{ name: 'ACCOUNT', includeAll: true }] },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const account = (
      await t.as(alice.token, {
        method: 'POST',
        url: '/v1/accounts',
        payload: { type: 'CHECKING' },
      })
    ).json();
    const received = await receiver.waitForRequests(2);
    expect(received.map((r) => r.headers['x-event-type'])).toEqual([
      'ACCOUNT_CREATED',
      'ACCOUNT_ASSET_ACTIVATED',
    ]);
    const activated = JSON.parse(received[1]!.body);
    expect(activated.data).toMatchObject({ id: account.id, status: 'ACTIVE', asset: 'BRL' });
    const now = (
      await t.as(alice.token, { method: 'GET', url: `/v1/accounts/${account.id}` })
    ).json();
    expect(now.status).toBe('ACTIVE');
  });
});
