import { describe, expect, it } from 'vitest';
import { metricValue, parseExposition, type Sample } from '../helpers/prometheus.js';
import { ENGINES } from '../helpers/test-db.js';
import { eventually, openAccount } from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

/**
 * Issue 27 point 7: an attempt relayed by `cofre listen` is an attempt too — its execution-log
 * entry always existed, its metric did not. It is counted once, when its result is recorded,
 * under `transport="listen"`, so a developer's local receiver stays apart from production's.
 */
describe.each(ENGINES)('cofre listen relays in the attempt metrics on %s', (engine) => {
  const t = useTestApp(engine, { worker: true, env: { COFRE_METRICS_CACHE_MS: '0' } });

  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return parseExposition(res.body);
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string>) =>
    metricValue(samples, name, labels) ?? 0;

  it('counts each reported answer once, by outcome, with transport="listen"', async () => {
    const customer = await t.customer();
    const created = await t.as(customer.token, {
      method: 'POST',
      url: '/v1/listen',
      payload: { events: ['ACCOUNT_CREATED'], allowRetry: true },
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscriptionId = created.json<{ id: string }>().id;
    await openAccount(t, customer.token);
    await openAccount(t, customer.token);
    const messageIds = await eventually('both messages to be written', async () => {
      const rows = await t.handle.db
        .selectFrom('messages')
        .select('id')
        .where('subscription_id', '=', subscriptionId)
        .orderBy('id')
        .execute();
      return rows.length === 2 ? rows.map((r) => r.id) : undefined;
    });
    const before = await scrape();
    const report = (messageId: string, status: number) =>
      t.as(customer.token, {
        method: 'POST',
        url: `/v1/listen/${subscriptionId}/results`,
        payload: { messageId, attempt: 0, url: 'http://localhost:3000/x', status, durationMs: 7 },
      });
    expect((await report(messageIds[0]!, 204)).json()).toMatchObject({ recorded: true });
    expect((await report(messageIds[1]!, 500)).json()).toMatchObject({ recorded: true });
    // The same attempt reported again records nothing, and counts nothing.
    expect((await report(messageIds[0]!, 204)).json()).toMatchObject({ recorded: false });
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);

    const listen = { trigger: 'AUTOMATIC', transport: 'listen' };
    expect(delta('cofre_webhook_attempts_total', { ...listen, outcome: 'delivered' })).toBe(1);
    expect(delta('cofre_webhook_attempts_total', { ...listen, outcome: 'rejected' })).toBe(1);
    expect(delta('cofre_webhook_attempt_duration_seconds_count', { transport: 'listen' })).toBe(2);
    // No HTTP attempt was made for a listen subscription.
    expect(delta('cofre_webhook_attempts_total', { transport: 'http' })).toBe(0);
  });
});
