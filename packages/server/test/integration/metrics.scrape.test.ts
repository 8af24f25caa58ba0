import { describe, expect, it } from 'vitest';
import { metricValue, parseExposition, type Sample } from '../helpers/prometheus.js';
import { ENGINES } from '../helpers/test-db.js';
import { useReceiver, useTestApp } from '../helpers/world.js';
import { eventually, openAccount, subscribe } from '../helpers/delivery.js';
import { postDeposit } from '../helpers/operations.js';

// Issue 14 point 5: GET /metrics, and its numbers move with what the process does.
describe.each(ENGINES)('GET /metrics on %s', (engine) => {
  const receiver = useReceiver();
  const t = useTestApp(engine, {
    worker: true,
    env: {
      COFRE_ALLOW_LOCAL_WEBHOOKS: 'true',
      COFRE_SANDBOX_STEP_DELAY_MS: '50',
      COFRE_METRICS_CACHE_MS: '0',
    },
  });

  const scrape = async (): Promise<Sample[]> => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parseExposition(res.body);
  };
  const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
    metricValue(samples, name, labels) ?? 0;

  it('counts requests by route template, a delivery, a job and an operation as they happen', async () => {
    const before = await scrape();
    const alice = await t.customer();
    await subscribe(t, alice.token, { url: `${receiver.url}/hooks` });
    const accountId = await openAccount(t, alice.token);
    await receiver.waitForRequests(1);
    await eventually('the account to be ACTIVE', async () => {
      const res = await t.as(alice.token, { method: 'GET', url: `/v1/accounts/${accountId}` });
      return res.json<{ status: string }>().status === 'ACTIVE' ? true : undefined;
    });
    const deposit = await postDeposit(t, alice.token, { accountId, asset: 'BRL', amount: '10.00' });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const stray = await t.app.inject({ method: 'GET', url: '/v2/accounts/acc_stray?x=msg_1' });
    expect(stray.statusCode).toBe(404);

    const after = await eventually('the delivery to be counted', async () => {
      const samples = await scrape();
      const delivered = { outcome: 'delivered', trigger: 'AUTOMATIC' };
      return value(samples, 'cofre_webhook_attempts_total', delivered) >
        value(before, 'cofre_webhook_attempts_total', delivered)
        ? samples
        : undefined;
    });
    const delta = (name: string, labels: Record<string, string>) =>
      value(after, name, labels) - value(before, name, labels);

    expect(delta('cofre_webhook_attempts_total', { outcome: 'delivered', transport: 'http' })).toBe(
      1,
    );
    expect(delta('cofre_webhook_attempt_duration_seconds_count', { outcome: 'delivered' })).toBe(1);
    expect(
      delta('cofre_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/v1/accounts',
        status_code: '201',
      }),
    ).toBe(1);
    expect(
      delta('cofre_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/v1/accounts/:accountId',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      delta('cofre_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched' }),
    ).toBe(1);
    // Route templates only: no id of any customer's object becomes a label value.
    expect(after.filter((s) => /acc_|sub_|op_|msg_/.test(JSON.stringify(s.labels)))).toEqual([]);
    expect(
      delta('cofre_jobs_run_total', { kind: 'sandbox.account.activate', outcome: 'ok' }),
    ).toBeGreaterThanOrEqual(1);
    expect(delta('cofre_jobs_run_total', { kind: 'webhook.attempt', outcome: 'ok' })).toBe(1);
    expect(delta('cofre_operations_total', { type: 'DEPOSIT', status: 'REQUESTED' })).toBe(1);
    expect(delta('cofre_job_run_duration_seconds_count', { kind: 'webhook.attempt' })).toBe(1);
  });

  it('reports the process, the job queue and, on PostgreSQL, the pool', async () => {
    const samples = await scrape();
    expect(metricValue(samples, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(metricValue(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(metricValue(samples, 'cofre_metrics_source_up', { source: 'database' })).toBe(1);
    expect(metricValue(samples, 'cofre_jobs', { kind: 'webhook.attempt', state: 'due' })).toBe(0);
    expect(metricValue(samples, 'cofre_webhook_messages_pending')).toBe(0);
    if (engine === 'postgres') {
      expect(metricValue(samples, 'cofre_db_pool_max_connections')).toBe(5);
      expect(metricValue(samples, 'cofre_db_pool_connections', { state: 'idle' })).toBeGreaterThan(
        0,
      );
      expect(metricValue(samples, 'cofre_db_pool_waiting')).toBe(0);
    } else {
      expect(metricValue(samples, 'cofre_db_pool_connections')).toBeUndefined();
    }
  });
});
