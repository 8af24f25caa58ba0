import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

// docs/operations.md "Stopping": the drain is bounded well under Kubernetes' 30 s grace period, and a request
// that never finishes arriving is bounded too.
describe('loadConfig shutdown and request timeouts', () => {
  it('bounds a shutdown at 20 s and a request at 30 s by default', () => {
    const config = loadConfig({});
    expect(config.shutdownTimeoutMs).toBe(20_000);
    expect(config.requestTimeoutMs).toBe(30_000);
  });

  it('reads COFRE_SHUTDOWN_TIMEOUT_MS and COFRE_REQUEST_TIMEOUT_MS', () => {
    const config = loadConfig({
      COFRE_SHUTDOWN_TIMEOUT_MS: '1500',
      COFRE_REQUEST_TIMEOUT_MS: '2000',
    });
    expect(config).toMatchObject({ shutdownTimeoutMs: 1_500, requestTimeoutMs: 2_000 });
  });

  it('refuses values outside their range, both in one report', () => {
    let error: unknown;
    try {
      loadConfig({ COFRE_SHUTDOWN_TIMEOUT_MS: '0', COFRE_REQUEST_TIMEOUT_MS: '10' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('COFRE_SHUTDOWN_TIMEOUT_MS');
    expect(problems).toContain('COFRE_REQUEST_TIMEOUT_MS');
  });
});
