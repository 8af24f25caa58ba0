import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import { startServer } from '../../src/main.js';
import { metricValue, parseExposition } from '../helpers/prometheus.js';
import { createTestDatabase, ENGINES, type TestDatabase } from '../helpers/test-db.js';

// Issue 14 point 5: COFRE_METRICS_PORT, the only HTTP a `cofre worker` serves.
describe.each(ENGINES)('the metrics listener (COFRE_METRICS_PORT) on %s', (engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const config = () =>
    loadConfig({
      COFRE_DATABASE_URL: database.url,
      HOST: '127.0.0.1',
      PORT: '0',
      COFRE_METRICS_PORT: '0',
      COFRE_METRICS_CACHE_MS: '0',
      COFRE_LOG_LEVEL: 'silent',
      COFRE_BOOTSTRAP_DEMO_CLIENT: 'false',
    });

  it('serves the worker role its metrics, job counts included, on the metrics port only', async () => {
    const server = await startServer(config(), { role: 'worker' });
    try {
      expect(server.url).toBeUndefined();
      expect(server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(server.metricsUrl!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const samples = parseExposition(await res.text());
      expect(metricValue(samples, 'cofre_jobs', { kind: 'webhook.attempt', state: 'due' })).toBe(0);
      expect(metricValue(samples, 'cofre_metrics_source_up', { source: 'database' })).toBe(1);
      expect(metricValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      const other = await fetch(new URL('/healthz', server.metricsUrl));
      expect(other.status).toBe(404);
      await other.text();
    } finally {
      await server.stop();
    }
  });

  it('moves /metrics off the main port of the api role when a metrics port is set', async () => {
    const server = await startServer(config(), { role: 'api' });
    try {
      const main = await fetch(`${server.url}/metrics`);
      expect(main.status).toBe(404);
      await main.text();
      const own = await fetch(server.metricsUrl!);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('cofre_http_request_duration_seconds');
    } finally {
      await server.stop();
    }
  });
});
