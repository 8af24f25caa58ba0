import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

// Issue 14 point 5: where /metrics is served and what a scrape may cost, validated at start.
describe('metrics configuration', () => {
  it('serves /metrics on the main port, a private listener only when asked, by default', () => {
    expect(loadConfig({}).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      overdueMs: 30_000,
      cacheMs: 5_000,
    });
    expect(
      loadConfig({
        COFRE_METRICS_PORT: '9464',
        COFRE_METRICS_HOST: '10.0.0.7',
        COFRE_METRICS_OVERDUE_MS: '120000',
        COFRE_METRICS_CACHE_MS: '0',
      }).metrics,
    ).toEqual({ port: 9464, host: '10.0.0.7', overdueMs: 120_000, cacheMs: 0 });
  });

  it('reports every bad metrics key at once', () => {
    let error: unknown;
    try {
      loadConfig({
        COFRE_METRICS_PORT: '70000',
        COFRE_METRICS_OVERDUE_MS: '-1',
        COFRE_METRICS_CACHE_MS: 'soon',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((p) => p.split(':')[0]);
    expect(problems).toEqual([
      'COFRE_METRICS_PORT',
      'COFRE_METRICS_OVERDUE_MS',
      'COFRE_METRICS_CACHE_MS',
    ]);
  });
});
