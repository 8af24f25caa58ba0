import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

describe('COFRE_ADMIN_TOKEN', () => {
  it('is off by default: no admin API', () => {
    expect(loadConfig({}).adminToken).toBeUndefined();
  });

  it('is kept when at least 32 characters long', () => {
    const token = 'x'.repeat(32);
    expect(loadConfig({ COFRE_ADMIN_TOKEN: token }).adminToken).toBe(token);
  });

  it('refuses a shorter token at start', () => {
    expect(() => loadConfig({ COFRE_ADMIN_TOKEN: 'x'.repeat(31) })).toThrow(ConfigError);
    // Padding does not count: the token is trimmed before its length is checked.
    expect(() =>
      loadConfig({ COFRE_ADMIN_TOKEN: `${' '.repeat(10)}short${' '.repeat(20)}` }),
    ).toThrow('COFRE_ADMIN_TOKEN: must be at least 32 characters');
  });
});
