import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/load-config.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
};

describe('COFRE_PUBLIC_URL', () => {
  it('is unset by default, and the issuer stays the environment URN', () => {
    const config = loadConfig({});
    expect(config.publicUrl).toBeUndefined();
    expect(config.tokens.issuer).toBe('urn:cofre:sandbox');
  });

  it('is kept without its trailing slash and becomes the default issuer', () => {
    const config = loadConfig({ COFRE_PUBLIC_URL: 'https://api.example.com/' });
    expect(config.publicUrl).toBe('https://api.example.com');
    expect(config.tokens.issuer).toBe('https://api.example.com');
  });

  it('leaves an explicit COFRE_TOKEN_ISSUER as it is', () => {
    const config = loadConfig({
      COFRE_PUBLIC_URL: 'https://api.example.com',
      COFRE_TOKEN_ISSUER: 'urn:cofre:sandbox',
    });
    expect(config.tokens.issuer).toBe('urn:cofre:sandbox');
  });

  it('keeps a path (a proxy prefix)', () => {
    expect(loadConfig({ COFRE_PUBLIC_URL: 'https://example.com/cofre/' }).publicUrl).toBe(
      'https://example.com/cofre',
    );
  });

  it.each([
    ['not-a-url', /absolute URL/],
    ['ftp://example.com', /https/],
    ['https://example.com/?x=1', /query or fragment/],
    ['https://example.com/#top', /query or fragment/],
    ['https://user:pw@example.com', /credentials/],
  ])('refuses %s', (value, why) => {
    const problems = problemsOf({ COFRE_PUBLIC_URL: value });
    expect(problems).toEqual([expect.stringMatching(why)]);
    expect(problems[0]).toMatch(/^COFRE_PUBLIC_URL: /);
  });

  it('takes plain http in the sandbox, and only https in production', () => {
    expect(loadConfig({ COFRE_PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(
      problemsOf({ COFRE_ENVIRONMENT: 'production', COFRE_PUBLIC_URL: 'http://api.example.com' }),
    ).toEqual([expect.stringMatching(/https in production/)]);
  });
});
