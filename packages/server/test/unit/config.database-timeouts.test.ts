import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

describe('loadConfig database deadlines', () => {
  it('gives every database call a deadline by default', () => {
    expect(loadConfig({}).database.timeouts).toEqual({
      connectMs: 5_000,
      statementMs: 10_000,
      queryMs: 12_000,
      busyMs: 5_000,
      startupMs: 60_000,
    });
  });

  it('reads each deadline from its COFRE_DATABASE_*_TIMEOUT_MS key', () => {
    const config = loadConfig({
      COFRE_DATABASE_URL: 'postgres://localhost/cofre',
      COFRE_DATABASE_CONNECT_TIMEOUT_MS: '1000',
      COFRE_DATABASE_STATEMENT_TIMEOUT_MS: '0',
      COFRE_DATABASE_QUERY_TIMEOUT_MS: '2000',
      COFRE_DATABASE_BUSY_TIMEOUT_MS: '100',
      COFRE_DATABASE_STARTUP_TIMEOUT_MS: '0',
    });
    expect(config.database).toMatchObject({
      engine: 'postgres',
      timeouts: { connectMs: 1000, statementMs: 0, queryMs: 2000, busyMs: 100, startupMs: 0 },
    });
  });

  it.each([
    ['COFRE_DATABASE_CONNECT_TIMEOUT_MS', '0'],
    ['COFRE_DATABASE_STATEMENT_TIMEOUT_MS', '-1'],
    ['COFRE_DATABASE_QUERY_TIMEOUT_MS', '1.5'],
    ['COFRE_DATABASE_BUSY_TIMEOUT_MS', 'soon'],
    ['COFRE_DATABASE_STARTUP_TIMEOUT_MS', '99999999999'],
  ])('refuses %s=%s', (key, value) => {
    expect(() => loadConfig({ [key]: value })).toThrow(ConfigError);
  });
});
