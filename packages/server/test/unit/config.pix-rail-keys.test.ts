import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Env } from '../../src/config/load-config.js';

const SECRET = 'a'.repeat(40);
const RAIL: Env = {
  COFRE_ENVIRONMENT: 'production',
  COFRE_PUBLIC_URL: 'https://api.example.com/',
  COFRE_PIX_PSP_URL: 'https://pix.psp.example/v2/',
  COFRE_PIX_PSP_TOKEN_URL: 'https://pix.psp.example/oauth/token',
  COFRE_PIX_PSP_CLIENT_ID: 'client-1',
  COFRE_PIX_PSP_CLIENT_SECRET_FILE: '/run/secrets/pix-client-secret',
  COFRE_PIX_KEY: 'pix@example.com',
  COFRE_PIX_WEBHOOK_SECRET: SECRET,
};

function problemsOf(env: Env): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

// Issue 26: the PIX rail's configuration (docs/config.md, docs/rails.md "PIX"), validated at start.
describe('PIX rail configuration', () => {
  it('is off unless COFRE_PIX_PSP_URL is set', () => {
    expect(loadConfig({ COFRE_ENVIRONMENT: 'production' }).rails.pix).toBeUndefined();
  });

  it('reads every key, with its default, without trailing slashes', () => {
    expect(loadConfig(RAIL).rails.pix).toEqual({
      pspUrl: 'https://pix.psp.example/v2',
      tokenUrl: 'https://pix.psp.example/oauth/token',
      clientId: 'client-1',
      clientSecretFile: '/run/secrets/pix-client-secret',
      certFile: undefined,
      keyFile: undefined,
      caFile: undefined,
      pixKey: 'pix@example.com',
      webhookSecret: SECRET,
      reconcileIntervalMs: 60_000,
      publicUrl: 'https://api.example.com',
      payoutAdapter: undefined,
    });
  });

  it('refuses rail keys in the sandbox, whose simulator settles everything', () => {
    expect(problemsOf({ ...RAIL, COFRE_ENVIRONMENT: 'sandbox' })).toEqual([
      expect.stringMatching(/rails run only in production/),
    ]);
  });

  it('reports every problem at once, never echoing the webhook secret', () => {
    const problems = problemsOf({
      COFRE_ENVIRONMENT: 'production',
      COFRE_PIX_PSP_URL: 'http://pix.psp.example/v2',
      COFRE_PIX_PSP_CERT_FILE: '/run/secrets/cert.pem',
      COFRE_PIX_WEBHOOK_SECRET: 'short secret!',
      COFRE_PIX_RECONCILE_INTERVAL_MS: '10',
      COFRE_PIX_PAYOUT_ADAPTER: 'acme',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^COFRE_PIX_PSP_URL: must be an https URL/),
        expect.stringMatching(/^COFRE_PIX_PSP_TOKEN_URL: required/),
        expect.stringMatching(/^COFRE_PIX_PSP_CLIENT_ID: required/),
        expect.stringMatching(/^COFRE_PIX_PSP_CLIENT_SECRET_FILE: required/),
        expect.stringMatching(/^COFRE_PIX_PSP_CERT_FILE, COFRE_PIX_PSP_KEY_FILE: set both/),
        expect.stringMatching(/^COFRE_PIX_KEY: required/),
        expect.stringMatching(/^COFRE_PIX_WEBHOOK_SECRET: must be 32 to 128 URL-safe/),
        expect.stringMatching(/^COFRE_PIX_RECONCILE_INTERVAL_MS: must be a whole number/),
        expect.stringMatching(/^COFRE_PIX_PAYOUT_ADAPTER: must be one of efi/),
        expect.stringMatching(/^COFRE_PUBLIC_URL: required when COFRE_PIX_PSP_URL is set/),
      ]),
    );
    expect(problems.join('\n')).not.toContain('short secret!');
  });

  it('needs COFRE_PIX_PSP_URL when another COFRE_PIX_ key is set', () => {
    expect(problemsOf({ COFRE_ENVIRONMENT: 'production', COFRE_PIX_KEY: 'x@y.z' })).toEqual([
      expect.stringMatching(/set COFRE_PIX_PSP_URL too, or none of the COFRE_PIX_ keys/),
    ]);
  });
});
