import { beforeAll, describe, expect, it } from 'vitest';
import { numbered } from '../helpers/fan-out.js';
import { ENGINES } from '../helpers/test-db.js';
import { useTestApp } from '../helpers/world.js';

/** More messages than one INSERT of their jobs could bind on either engine (PostgreSQL: 4,681). */
const MANY = 5_000;

// Recover and resume queue a job per message in the caller's transaction: one multi-row INSERT
// of them all passed SQLite's 32,766 bound parameters past 2,340 messages (a 500) and
// PostgreSQL's 65,535 past 4,681 (protocol error 08P01, answered 503 as if the database had gone).
describe.each(ENGINES)('a subscription with thousands of messages on %s', (engine) => {
  let token: string;
  let customerId: string;

  const t = useTestApp(engine, { env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  beforeAll(async () => {
    ({ token, customerId } = await t.customer());
  });

  /** A subscription with MANY messages of one event, all in `status`. */
  async function subscriptionWith(status: 'FAILED' | 'PENDING'): Promise<string> {
    const sub = await t.as(token, {
      method: 'POST',
      url: '/v1/subscriptions',
      payload: { url: 'http://127.0.0.1:8999/hooks', includeAll: true },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    const subscriptionId = sub.json<{ id: string }>().id;
    const account = await t.as(token, {
      method: 'POST',
      url: '/v1/accounts',
      payload: { type: 'CHECKING' },
    });
    const event = await t.handle.db
      .selectFrom('events')
      .select(['id', 'type'])
      .where('resource_id', '=', account.json<{ id: string }>().id)
      .executeTakeFirstOrThrow();
    const at = t.clock.now() - 60_000;
    const unnumbered = Array.from({ length: MANY }, (_, i) => ({
      id: `msg_${subscriptionId.slice(4, 20)}${String(i).padStart(10, '0')}`,
      customer_id: customerId,
      subscription_id: subscriptionId,
      event_id: event.id,
      event_type: event.type,
      headers: '{}',
      status,
      attempts: status === 'FAILED' ? 1 : 0,
      last_attempt_at: status === 'FAILED' ? at : null,
      last_attempt_status: status === 'FAILED' ? ('FAILED' as const) : null,
      created_at: at,
      updated_at: at,
    }));
    const rows = await numbered(t.handle.db, unnumbered);
    for (let i = 0; i < rows.length; i += 500) {
      await t.handle.db
        .insertInto('messages')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    return subscriptionId;
  }

  const jobsOf = async (subscriptionId: string) =>
    Number(
      (
        await t.handle.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('queue', '=', subscriptionId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('recovers every failed message at once', async () => {
    const subscriptionId = await subscriptionWith('FAILED');
    const res = await t.as(token, {
      method: 'POST',
      url: `/v1/subscriptions/${subscriptionId}/recover`,
      payload: { since: new Date(t.clock.now() - 3_600_000).toISOString() },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ queued: MANY });
    expect(await jobsOf(subscriptionId)).toBe(MANY);
  });

  it('resumes a paused subscription, queueing every held message again', async () => {
    const subscriptionId = await subscriptionWith('PENDING');
    const patch = (status: string) =>
      t.as(token, {
        method: 'PATCH',
        url: `/v1/subscriptions/${subscriptionId}`,
        payload: { status },
      });
    expect((await patch('PAUSED')).statusCode).toBe(200);
    const resumed = await patch('ACTIVE');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await jobsOf(subscriptionId)).toBe(MANY);
  });
});
