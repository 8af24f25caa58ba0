import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';

describe('loadConfig defaults', () => {
  it('listens on 127.0.0.1:8080 in the sandbox on ./data/cofre-sandbox.db when nothing is set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.environment).toBe('sandbox');
    expect(config.database).toMatchObject({
      engine: 'sqlite',
      filename: './data/cofre-sandbox.db',
    });
  });

  it('names the default SQLite file after the environment', () => {
    const config = loadConfig({ COFRE_ENVIRONMENT: 'production' });
    expect(config.database).toMatchObject({
      engine: 'sqlite',
      filename: './data/cofre-production.db',
    });
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      COFRE_ENVIRONMENT: '',
      COFRE_CURSOR_SECRET: '',
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe('127.0.0.1');
    expect(config.environment).toBe('sandbox');
    expect(config.cursorSecret).toBeUndefined();
  });

  it('treats an empty COFRE_DATABASE_URL as unset instead of opening a nameless database', () => {
    const config = loadConfig({ COFRE_DATABASE_URL: '' });
    expect(config.database).toMatchObject({
      engine: 'sqlite',
      filename: './data/cofre-sandbox.db',
    });
  });

  it('keeps the spec token lifetime and the documented cache TTL', () => {
    const config = loadConfig({});
    expect(config.tokens.lifetimeSeconds).toBe(82_800);
    expect(config.tokens.clientStateTtlMs).toBe(5_000);
    expect(config.tokens.issuer).toBe('urn:cofre:sandbox');
    expect(config.tokens.audience).toBe('urn:cofre:sandbox:api');
  });

  it('bootstraps a demo client in the sandbox only', () => {
    expect(loadConfig({}).bootstrapDemoClient).toBe(true);
    expect(loadConfig({ COFRE_ENVIRONMENT: 'production' }).bootstrapDemoClient).toBe(false);
  });

  it('reads the settings it is given', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      COFRE_ENVIRONMENT: 'production',
      COFRE_LOG_LEVEL: 'debug',
      COFRE_AUTO_MIGRATE: 'false',
      COFRE_BODY_LIMIT_BYTES: '2048',
      COFRE_TRUST_PROXY: '1',
      COFRE_CLIENT_CACHE_TTL_MS: '0',
      COFRE_CURSOR_SECRET: 'c'.repeat(32),
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      environment: 'production',
      logLevel: 'debug',
      autoMigrate: false,
      bodyLimitBytes: 2048,
      trustProxy: true,
      cursorSecret: 'c'.repeat(32),
      tokens: { clientStateTtlMs: 0 },
    });
  });

  it('returns a deeply frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
    expect(Object.isFrozen(config.tokens)).toBe(true);
    expect(Object.isFrozen(config.rateLimit)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
    expect(() => {
      (config.tokens as { issuer: string }).issuer = 'x';
    }).toThrow(TypeError);
    expect(config.port).toBe(8080);
  });
});
