import { describe, expect, it } from 'vitest';
import { checkCallbackUrl, type Resolver } from '../../src/lib/url-guard.js';

const local = { allowLocal: true };

const resolve: Resolver = async (hostname) => {
  const table: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34'],
    'dev.example.com': ['127.0.0.1'],
    'lan.example.com': ['192.168.1.20'],
    'half.example.com': ['127.0.0.1', '10.0.0.5'],
  };
  const answer = table[hostname];
  if (answer === undefined) throw new Error('ENOTFOUND');
  return answer;
};

describe('checkCallbackUrl with local webhooks enabled', () => {
  it.each([
    'http://127.0.0.1:43123/hooks',
    'https://127.0.0.1:43123/hooks',
    'http://127.0.0.2/',
    'http://localhost/',
    'http://localhost:3000/hooks',
    'http://receiver.localhost:3000/',
    'http://[::1]:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://2130706433:9000/',
    'http://dev.example.com:9000/',
    'https://hooks.example.com/',
  ])('allows %s', async (url) => {
    expect((await checkCallbackUrl(url, local, resolve)).kind).toBe('allowed');
  });

  it.each([
    ['http://10.0.0.1/', 'PRIVATE_ADDRESS'],
    ['https://10.0.0.1/', 'PRIVATE_ADDRESS'],
    ['http://192.168.1.1:8080/', 'PRIVATE_ADDRESS'],
    ['http://169.254.169.254/', 'PRIVATE_ADDRESS'],
    ['http://100.64.0.1/', 'PRIVATE_ADDRESS'],
    ['http://0.0.0.0:3000/', 'PRIVATE_ADDRESS'],
    ['http://[fd00:ec2::254]/', 'PRIVATE_ADDRESS'],
    ['http://[64:ff9b::127.0.0.1]/', 'PRIVATE_ADDRESS'],
    ['http://lan.example.com/', 'PRIVATE_ADDRESS'],
    ['http://half.example.com/', 'PRIVATE_ADDRESS'],
    ['http://hooks.example.com/', 'SCHEME_NOT_ALLOWED'],
    ['http://93.184.216.34/', 'SCHEME_NOT_ALLOWED'],
    ['http://user:pw@127.0.0.1/', 'CREDENTIALS_IN_URL'],
  ])('still refuses %s with %s', async (url, reason) => {
    expect(await checkCallbackUrl(url, local, resolve)).toMatchObject({ kind: 'refused', reason });
  });
});
