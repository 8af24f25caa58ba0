import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

// Issue 6 points 6 and 18: the worker's concurrency is named for what it limits (every job);
// the old webhook-only name still works; job failure budget and backoff are configurable.
describe('worker configuration', () => {
  it('limits 64 jobs in flight and parks after 10 failures, backing off 1 s up to 10 min, by default', () => {
    expect(loadConfig({}).worker).toMatchObject({
      concurrency: 64,
      maxAttempts: 10,
      backoffMs: 1_000,
      backoffMaxMs: 600_000,
    });
  });

  it.each<[string, Record<string, string>, number]>([
    ['the new name', { COFRE_WORKER_CONCURRENCY: '8' }, 8],
    ['the deprecated webhook name, alone', { COFRE_WEBHOOK_CONCURRENCY: '12' }, 12],
    [
      'the new name over the deprecated one',
      { COFRE_WORKER_CONCURRENCY: '8', COFRE_WEBHOOK_CONCURRENCY: '12' },
      8,
    ],
  ])('reads the concurrency from %s', (_name, env, expected) => {
    expect(loadConfig(env).worker.concurrency).toBe(expected);
  });

  it('reports every bad worker key at once', () => {
    const bad = {
      COFRE_WORKER_CONCURRENCY: '0',
      COFRE_WORKER_MAX_ATTEMPTS: 'many',
      COFRE_WORKER_BACKOFF_MS: '-1',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.split(':')[0])).toEqual([
        'COFRE_WORKER_CONCURRENCY',
        'COFRE_WORKER_MAX_ATTEMPTS',
        'COFRE_WORKER_BACKOFF_MS',
      ]);
    }
  });
});
