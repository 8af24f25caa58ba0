import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, type Resolver } from '../../src/lib/url-guard.js';

const strict = { allowLocal: false };

const resolve: Resolver = async (hostname) => {
  const table: Record<string, string[]> = {
    'dev.example.com': ['127.0.0.1'],
    'lan.example.com': ['192.168.1.20'],
  };
  const answer = table[hostname];
  if (answer === undefined) throw new Error('ENOTFOUND');
  return answer;
};

const detailOf = async (url: string) => {
  const verdict = await checkCallbackUrl(url, strict, resolve);
  if (verdict.kind !== 'refused') throw new Error(`${url} was allowed`);
  return verdict.detail;
};

describe('refusal details of local callback URLs', () => {
  it.each([
    'http://127.0.0.1:3000/hooks',
    'https://127.0.0.1:3000/hooks',
    'http://localhost:3000/hooks',
    'https://[::1]:8443/',
    'https://dev.example.com/',
    // A name over plain http is refused before DNS; the switch is named there too.
    'http://dev.example.com/',
  ])('name the switch that admits loopback receivers for %s', async (url) => {
    expect(await detailOf(url)).toContain(
      'COFRE_ALLOW_LOCAL_WEBHOOKS=true (local development, sandbox only)',
    );
  });

  it.each(['http://10.0.0.1/', 'https://192.168.1.1/', 'https://lan.example.com/'])(
    'do not offer it for a private address it cannot unlock (%s)',
    async (url) => {
      expect(await detailOf(url)).not.toContain('COFRE_ALLOW_LOCAL_WEBHOOKS');
    },
  );
});
