import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Env } from '../../src/config/load-config.js';

/** The ConfigError loadConfig throws for `env`; fails the test when it does not throw one. */
function configError(env: Env): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

/** The keys named by the problems, in order. */
const keysOf = (error: ConfigError) => error.problems.map((p) => p.split(':')[0]);

describe('loadConfig validation', () => {
  it('reports every bad key at once, each exactly once', () => {
    const error = configError({
      PORT: 'eighty',
      COFRE_ENVIRONMENT: 'staging',
      COFRE_FOO: 'bar',
      COFRE_CURSOR_SECRET: 'too-short',
    });
    expect(error.name).toBe('ConfigError');
    expect(keysOf(error).sort()).toEqual(
      ['COFRE_CURSOR_SECRET', 'COFRE_ENVIRONMENT', 'COFRE_FOO', 'PORT'].sort(),
    );
    for (const key of ['PORT', 'COFRE_ENVIRONMENT', 'COFRE_FOO', 'COFRE_CURSOR_SECRET']) {
      expect(error.message).toContain(key);
    }
  });

  it('says what was wrong with each key', () => {
    const error = configError({
      PORT: '70000',
      COFRE_ENVIRONMENT: 'staging',
      COFRE_FOO: 'bar',
      COFRE_CURSOR_SECRET: 'short',
    });
    const byKey = Object.fromEntries(error.problems.map((p) => [p.split(':')[0], p]));
    expect(byKey.PORT).toMatch(/whole number from 0 to 65535.*70000/);
    expect(byKey.COFRE_ENVIRONMENT).toMatch(/sandbox, production.*staging/);
    expect(byKey.COFRE_FOO).toMatch(/unknown setting/);
    expect(byKey.COFRE_CURSOR_SECRET).toMatch(/at least 32 characters/);
  });

  it.each([
    ['PORT', '-1'],
    ['PORT', '8080.5'],
    ['PORT', '65536'],
    ['COFRE_ENVIRONMENT', 'Sandbox'],
    ['COFRE_LOG_LEVEL', 'verbose'],
    ['COFRE_AUTO_MIGRATE', 'yes'],
    ['COFRE_TRUST_PROXY', 'on'],
    ['COFRE_BODY_LIMIT_BYTES', '10'],
    ['COFRE_DATABASE_POOL_SIZE', '0'],
    ['COFRE_CLIENT_CACHE_TTL_MS', 'soon'],
    ['COFRE_RATE_LIMIT_PER_MINUTE', '1e3'],
    ['COFRE_TOKEN_FAILURES_PER_MINUTE', '0'],
    ['COFRE_TOKEN_SIGNING_KEY', 'not a pem'],
    ['COFRE_CURSOR_SECRET', 'x'.repeat(31)],
    ['COFRE_DATABASE_URL', 'redis://localhost'],
    ['COFRE_DATABSE_URL', './typo.db'],
  ])('rejects %s=%s', (key, value) => {
    expect(keysOf(configError({ [key]: value }))).toEqual([key]);
  });

  it('accepts the boundaries of the ranges', () => {
    expect(() =>
      loadConfig({
        PORT: '65535',
        COFRE_BODY_LIMIT_BYTES: '1024',
        COFRE_CURSOR_SECRET: 'x'.repeat(32),
        COFRE_RATE_LIMIT_PER_MINUTE: '0',
      }),
    ).not.toThrow();
  });

  it('ignores variables without the COFRE_ prefix', () => {
    expect(() =>
      loadConfig({ PATH: '/usr/bin', NODE_ENV: 'production', cofre_foo: 'x' }),
    ).not.toThrow();
  });
});
