import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

// docs/webhooks.md "Retention": the events feed keeps 30 days unless told otherwise.
describe('loadConfig event retention', () => {
  it('keeps events 30 days by default', () => {
    expect(loadConfig({}).webhooks.eventRetentionDays).toBe(30);
  });

  it('reads COFRE_EVENT_RETENTION_DAYS', () => {
    expect(loadConfig({ COFRE_EVENT_RETENTION_DAYS: '90' }).webhooks.eventRetentionDays).toBe(90);
  });

  it.each(['0', '-1', '1.5', '3651', 'forever'])('refuses %s days', (raw) => {
    let error: unknown;
    try {
      loadConfig({ COFRE_EVENT_RETENTION_DAYS: raw });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toContain('COFRE_EVENT_RETENTION_DAYS');
  });
});
