import { describe, expect, it } from 'vitest';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  ACCOUNT_CREATED_ONLY,
  createSubscription,
  eventually,
  openAccount,
  patchSubscription,
  resourceIdOf,
  waitForLogs,
} from '../helpers/webhook-api.js';
import { LOCAL_WEBHOOKS_ENV, useReceivers, useTestApp } from '../helpers/world.js';

const RETRY_DELAY_MS = 300;

describe.each(ENGINES)('deleting a subscription with undelivered messages on %s', (engine) => {
  const t = useTestApp(engine, {
    worker: true,
    env: {
      ...LOCAL_WEBHOOKS_ENV,
      COFRE_WEBHOOK_RETRY_DELAY_MS: String(RETRY_DELAY_MS),
      COFRE_WEBHOOK_MAX_RETRIES: '3',
      COFRE_WORKER_POLL_MS: '500',
    },
  });
  const receiver = useReceivers();

  /** Jobs still queued for a subscription: none means nothing more can ever be sent to it. */
  const queuedJobs = async (subscriptionId: string) =>
    (
      await t.handle.db
        .selectFrom('jobs')
        .select('id')
        .where('queue', '=', subscriptionId)
        .execute()
    ).length;

  it('never delivers the held messages of a deleted paused subscription', async () => {
    const alice = await t.customer('Alice');
    const gone = await receiver();
    const control = await receiver();
    const sub = await createSubscription(t, alice.token, {
      url: `${gone.url}/gone`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await createSubscription(t, alice.token, {
      url: `${control.url}/control`,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await patchSubscription(t, alice.token, sub.id, { status: 'PAUSED' });
    for (let i = 0; i < 3; i++) await openAccount(t, alice.token);
    await control.waitForRequests(3);

    const deleted = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${sub.id}`,
    });
    expect(deleted.statusCode).toBe(204);
    // Resuming is impossible once deleted.
    expectProblem(
      await patchSubscription(t, alice.token, sub.id, { status: 'ACTIVE' }),
      404,
      'RESOURCE_NOT_FOUND',
    );
    expectProblem(
      await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}` }),
      404,
      'RESOURCE_NOT_FOUND',
    );

    const later = await openAccount(t, alice.token);
    const controlled = await control.waitForRequests(4);
    expect(resourceIdOf(controlled[3]!)).toBe(later);
    expect(await queuedJobs(sub.id)).toBe(0);
    expect(gone.received).toEqual([]);
  });

  it('never sends the pending retry of a message of a deleted subscription', async () => {
    const alice = await t.customer('Alice');
    const failing = await receiver();
    failing.script(() => ({ status: 500, body: 'down' }));
    // The control fails once and succeeds on its retry, one retry delay later.
    const control = await receiver();
    control.script((r) => (r.n === 1 ? { status: 500 } : { status: 200 }));
    const sub = await createSubscription(t, alice.token, {
      url: `${failing.url}/failing`,
      allowRetry: true,
      resources: ACCOUNT_CREATED_ONLY,
    });
    const controlSub = await createSubscription(t, alice.token, {
      url: `${control.url}/control`,
      allowRetry: true,
      resources: ACCOUNT_CREATED_ONLY,
    });
    await openAccount(t, alice.token);
    // The first attempt is logged: its retry is now scheduled one delay later.
    await waitForLogs(t, alice.token, sub.id, 1);
    const deleted = await t.as(alice.token, {
      method: 'DELETE',
      url: `/v1/subscriptions/${sub.id}`,
    });
    expect(deleted.statusCode).toBe(204);

    await control.waitForRequests(2);
    await waitForLogs(t, alice.token, controlSub.id, 2);
    await eventually('no job left for the deleted subscription', async () =>
      (await queuedJobs(sub.id)) === 0 ? true : undefined,
    );
    expect(failing.received).toHaveLength(1);
  });
});
