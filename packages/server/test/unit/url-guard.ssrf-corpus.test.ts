import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, type Resolver, type UrlRefusalReason } from '../../src/lib/url-guard.js';

const DNS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'],
  'internal.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'mixed-v6.example.com': ['2606:2800:220:1::1', 'fd12:3456::1'],
  'metadata.example.com': ['169.254.169.254'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
  'empty.example.com': [],
};

/** Answers from the table above and records every name it was asked for. */
function fakeResolver(): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<string[]> => {
    asked.push(hostname);
    const answer = DNS[hostname];
    if (answer === undefined) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return answer;
  };
  return Object.assign(resolve, { asked });
}

const strict = { allowLocal: false };

// [url, reason] — every row must be refused with exactly this reason when allowLocal is false.
const REFUSED: [string, UrlRefusalReason][] = [
  // Loopback in every encoding the WHATWG URL parser accepts.
  ['https://127.0.0.1/hook', 'PRIVATE_ADDRESS'],
  ['https://127.255.255.254/', 'PRIVATE_ADDRESS'],
  ['http://127.0.0.1:8080/', 'PRIVATE_ADDRESS'],
  ['http://2130706433/', 'PRIVATE_ADDRESS'],
  ['https://2130706433/', 'PRIVATE_ADDRESS'],
  ['https://0177.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://0x7f.1/', 'PRIVATE_ADDRESS'],
  ['https://0x7f000001/', 'PRIVATE_ADDRESS'],
  ['https://127.1/', 'PRIVATE_ADDRESS'],
  ['https://127.0.0.1./', 'PRIVATE_ADDRESS'],
  ['https://%31%32%37.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://１２７.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://[::1]/', 'PRIVATE_ADDRESS'],
  ['https://[0:0:0:0:0:0:0:1]/', 'PRIVATE_ADDRESS'],
  ['https://[::ffff:127.0.0.1]/', 'PRIVATE_ADDRESS'],
  ['https://[::ffff:7f00:1]/', 'PRIVATE_ADDRESS'],
  ['https://[::127.0.0.1]/', 'PRIVATE_ADDRESS'], // IPv4-compatible, RFC 4291 §2.5.5.1
  ['https://localhost/', 'PRIVATE_ADDRESS'],
  ['https://LOCALHOST./', 'PRIVATE_ADDRESS'],
  ['https://api.localhost/', 'PRIVATE_ADDRESS'],
  // Private (RFC 1918), CGNAT (RFC 6598), link-local and cloud metadata (RFC 3927).
  ['https://10.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://172.16.0.1/', 'PRIVATE_ADDRESS'],
  ['https://172.31.255.255/', 'PRIVATE_ADDRESS'],
  ['https://192.168.0.1/', 'PRIVATE_ADDRESS'],
  ['https://0xa.1/', 'PRIVATE_ADDRESS'],
  ['https://100.64.0.1/', 'PRIVATE_ADDRESS'],
  ['https://100.127.255.254/', 'PRIVATE_ADDRESS'],
  ['https://169.254.169.254/latest/meta-data/', 'PRIVATE_ADDRESS'],
  ['https://2852039166/', 'PRIVATE_ADDRESS'], // 169.254.169.254 as one decimal
  ['http://[fd00:ec2::254]/', 'PRIVATE_ADDRESS'], // AWS IMDS over IPv6
  ['https://[fd00:ec2::254]/', 'PRIVATE_ADDRESS'],
  ['https://[fe80::1]/', 'PRIVATE_ADDRESS'],
  ['https://[fec0::1]/', 'PRIVATE_ADDRESS'],
  ['https://[::ffff:10.0.0.1]/', 'PRIVATE_ADDRESS'],
  ['https://[::ffff:169.254.169.254]/', 'PRIVATE_ADDRESS'],
  // Unspecified, broadcast, multicast, reserved, benchmarking, documentation.
  ['https://0.0.0.0/', 'PRIVATE_ADDRESS'],
  ['https://0/', 'PRIVATE_ADDRESS'],
  ['https://[::]/', 'PRIVATE_ADDRESS'],
  ['https://255.255.255.255/', 'PRIVATE_ADDRESS'],
  ['https://224.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://[ff02::1]/', 'PRIVATE_ADDRESS'],
  ['https://240.0.0.1/', 'PRIVATE_ADDRESS'],
  ['https://198.18.0.1/', 'PRIVATE_ADDRESS'],
  ['https://192.0.2.1/', 'PRIVATE_ADDRESS'],
  ['https://203.0.113.7/', 'PRIVATE_ADDRESS'],
  ['https://[2001:db8::1]/', 'PRIVATE_ADDRESS'],
  // Tunnels and translation: 6to4, Teredo, NAT64 to a private or local target, RFC 8215.
  ['https://[2002:7f00:1::]/', 'PRIVATE_ADDRESS'],
  ['https://[2002:5db8:d822::1]/', 'PRIVATE_ADDRESS'],
  ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'PRIVATE_ADDRESS'],
  ['https://[64:ff9b::10.0.0.1]/', 'PRIVATE_ADDRESS'],
  ['https://[64:ff9b::127.0.0.1]/', 'PRIVATE_ADDRESS'],
  ['https://[64:ff9b:1::93.184.216.34]/', 'PRIVATE_ADDRESS'],
  // Names whose answer contains anything non-public.
  ['https://internal.example.com/', 'PRIVATE_ADDRESS'],
  ['https://mixed.example.com/', 'PRIVATE_ADDRESS'],
  ['https://mixed-v6.example.com/', 'PRIVATE_ADDRESS'],
  ['https://metadata.example.com/', 'PRIVATE_ADDRESS'],
  ['https://mapped.example.com/', 'PRIVATE_ADDRESS'],
  ['https://nowhere.example.com/', 'UNRESOLVABLE_HOST'],
  ['https://empty.example.com/', 'UNRESOLVABLE_HOST'],
  // Scheme, credentials, port, syntax.
  ['http://hooks.example.com/', 'SCHEME_NOT_ALLOWED'],
  ['http://93.184.216.34/', 'SCHEME_NOT_ALLOWED'],
  ['ftp://hooks.example.com/', 'SCHEME_NOT_ALLOWED'],
  ['file:///etc/passwd', 'SCHEME_NOT_ALLOWED'],
  ['gopher://hooks.example.com:70/', 'SCHEME_NOT_ALLOWED'],
  ['javascript:alert(1)', 'SCHEME_NOT_ALLOWED'],
  ['https://user:secret@hooks.example.com/', 'CREDENTIALS_IN_URL'],
  ['https://token@hooks.example.com/', 'CREDENTIALS_IN_URL'],
  ['https://:secret@hooks.example.com/', 'CREDENTIALS_IN_URL'],
  ['https://hooks.example.com:25/', 'PORT_NOT_ALLOWED'],
  ['https://hooks.example.com:0/', 'PORT_NOT_ALLOWED'],
  ['not a url', 'INVALID_URL'],
  ['/relative/path', 'INVALID_URL'],
  ['', 'INVALID_URL'],
  [' https://hooks.example.com/', 'INVALID_URL'],
  ['https://hooks.exa\nmple.com/', 'INVALID_URL'],
  ['https://256.256.256.256/', 'INVALID_URL'],
  ['https://[::1/', 'INVALID_URL'],
  [`https://hooks.example.com/${'a'.repeat(2048)}`, 'INVALID_URL'],
];

describe('checkCallbackUrl without local webhooks', () => {
  it.each(REFUSED)('refuses %s with %s', async (url, reason) => {
    const verdict = await checkCallbackUrl(url, strict, fakeResolver());
    expect(verdict).toMatchObject({ kind: 'refused', reason });
    if (verdict.kind === 'refused') expect(verdict.detail).toMatch(/^[A-Z].*\.$/);
  });

  it.each([
    [
      'https://hooks.example.com/webhooks/cofre?x=1',
      'https://hooks.example.com/webhooks/cofre?x=1',
    ],
    ['https://93.184.216.34/hook', 'https://93.184.216.34/hook'],
    ['https://[2606:2800:220:1::1]:8443/hook', 'https://[2606:2800:220:1::1]:8443/hook'],
    ['https://[64:ff9b::93.184.216.34]/', 'https://[64:ff9b::5db8:d822]/'],
    ['HTTPS://Hooks.Example.COM:443/a', 'https://hooks.example.com/a'],
    ['https://1572395042/', 'https://93.184.216.34/'],
  ])('allows the public https URL %s, normalised to %s', async (url, href) => {
    const verdict = await checkCallbackUrl(url, strict, fakeResolver());
    expect(verdict.kind).toBe('allowed');
    if (verdict.kind === 'allowed') expect(verdict.url.href).toBe(href);
  });

  it('asks the resolver about a name, and never about an IP literal or a localhost name', async () => {
    const resolve = fakeResolver();
    await checkCallbackUrl('https://hooks.example.com/', strict, resolve);
    await checkCallbackUrl('https://127.0.0.1/', strict, resolve);
    await checkCallbackUrl('https://[::1]/', strict, resolve);
    await checkCallbackUrl('https://localhost/', strict, resolve);
    await checkCallbackUrl('https://x.localhost/', strict, resolve);
    expect(resolve.asked).toEqual(['hooks.example.com']);
  });

  it('refuses plain http to a name without resolving it', async () => {
    const resolve = fakeResolver();
    const verdict = await checkCallbackUrl('http://hooks.example.com/', strict, resolve);
    expect(verdict).toMatchObject({ kind: 'refused', reason: 'SCHEME_NOT_ALLOWED' });
    expect(resolve.asked).toEqual([]);
  });

  it('does not reveal what a name resolved to', async () => {
    const verdict = await checkCallbackUrl('https://internal.example.com/', strict, fakeResolver());
    expect(verdict.kind === 'refused' && verdict.detail).not.toContain('10.1.2.3');
  });

  it('accepts a URL of exactly 2048 characters', async () => {
    const base = 'https://hooks.example.com/';
    const url = base + 'a'.repeat(2048 - base.length);
    expect((await checkCallbackUrl(url, strict, fakeResolver())).kind).toBe('allowed');
  });
});
