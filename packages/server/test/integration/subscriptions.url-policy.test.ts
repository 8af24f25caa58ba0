import { beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '../../src/lib/url-guard.js';
import { expectProblem } from '../helpers/expect-problem.js';
import { ENGINES } from '../helpers/test-db.js';
import {
  createSubscription,
  patchSubscription,
  postSubscription,
  type Customer,
} from '../helpers/webhook-api.js';
import { useTestApp } from '../helpers/world.js';

/** A fake DNS: public names answer public addresses; nothing here ever reaches real DNS. */
const ZONE: Record<string, string[]> = {
  'hooks.example.com': ['93.184.216.34'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'cgnat.example.com': ['100.64.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
  'ula.example.com': ['fd00::1'],
};
const resolve: Resolver = async (hostname) => {
  const answer = ZONE[hostname];
  if (!answer) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return answer;
};

const REFUSED: [url: string, code: string][] = [
  ['https://127.0.0.1/hooks', 'PRIVATE_ADDRESS'],
  ['http://127.0.0.1:8080/hooks', 'PRIVATE_ADDRESS'],
  ['https://localhost/hooks', 'PRIVATE_ADDRESS'],
  ['https://[::1]/hooks', 'PRIVATE_ADDRESS'],
  ['https://[::ffff:127.0.0.1]/hooks', 'PRIVATE_ADDRESS'],
  ['https://0x7f.1/hooks', 'PRIVATE_ADDRESS'],
  ['https://2130706433/hooks', 'PRIVATE_ADDRESS'],
  ['https://10.0.0.8/hooks', 'PRIVATE_ADDRESS'],
  ['https://169.254.169.254/latest/meta-data', 'PRIVATE_ADDRESS'],
  ['https://internal.example.com/hooks', 'PRIVATE_ADDRESS'],
  ['https://cgnat.example.com/hooks', 'PRIVATE_ADDRESS'],
  ['https://metadata.example.com/hooks', 'PRIVATE_ADDRESS'],
  ['https://rebind.example.com/hooks', 'PRIVATE_ADDRESS'],
  ['https://ula.example.com/hooks', 'PRIVATE_ADDRESS'],
  ['http://hooks.example.com/hooks', 'SCHEME_NOT_ALLOWED'],
  ['ftp://hooks.example.com/hooks', 'SCHEME_NOT_ALLOWED'],
  ['https://user:pw@hooks.example.com/hooks', 'CREDENTIALS_IN_URL'],
  ['https://hooks.example.com:25/hooks', 'PORT_NOT_ALLOWED'],
  ['https://nowhere.example.com/hooks', 'UNRESOLVABLE_HOST'],
  ['not a url', 'INVALID_URL'],
  ['https://hooks.example.com/hooks ', 'INVALID_URL'],
  ['/relative/hooks', 'INVALID_URL'],
];

describe.each(ENGINES)('callback URL policy with local webhooks off on %s', (engine) => {
  let alice: Customer;

  const t = useTestApp(engine, { resolve });

  beforeAll(async () => {
    alice = await t.customer('Alice');
  });

  it.each(REFUSED)('refuses %s with %s at /url', async (url, code) => {
    const problem = expectProblem(
      await postSubscription(t, alice.token, { url, includeAll: true }),
      400,
      'INVALID_DATA',
    );
    expect(problem.errors).toHaveLength(1);
    expect(problem.errors?.[0]).toMatchObject({ pointer: '/url', in: 'body', code });
  });

  it('creates nothing for a refused URL', async () => {
    const bob = await t.customer('Bob');
    await postSubscription(t, bob.token, { url: 'https://10.0.0.8/', includeAll: true });
    const list = await t.as(bob.token, { method: 'GET', url: '/v1/subscriptions' });
    expect(list.json().data).toEqual([]);
  });

  it('accepts public https names of either family and stores the normalised URL', async () => {
    const v4 = await createSubscription(t, alice.token, {
      url: 'https://HOOKS.example.com:443/cofre?x=1',
      includeAll: true,
    });
    expect(v4.url).toBe('https://hooks.example.com/cofre?x=1');
    const v6 = await createSubscription(t, alice.token, {
      url: 'https://v6.example.com/cofre',
      includeAll: true,
    });
    expect(v6.url).toBe('https://v6.example.com/cofre');
  });

  it('checks the url again on PATCH and leaves the subscription unchanged when refused', async () => {
    const sub = await createSubscription(t, alice.token, {
      url: 'https://hooks.example.com/a',
      includeAll: true,
    });
    for (const [url, code] of [
      ['https://internal.example.com/a', 'PRIVATE_ADDRESS'],
      ['http://hooks.example.com/a', 'SCHEME_NOT_ALLOWED'],
    ] as const) {
      const problem = expectProblem(
        await patchSubscription(t, alice.token, sub.id, { url, allowRetry: true }),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors?.[0]).toMatchObject({ pointer: '/url', code });
    }
    const now = await t.as(alice.token, { method: 'GET', url: `/v1/subscriptions/${sub.id}` });
    expect(now.json()).toEqual(sub);

    const moved = await patchSubscription(t, alice.token, sub.id, {
      url: 'https://hooks.example.com/b',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().url).toBe('https://hooks.example.com/b');
  });
});

describe.each(ENGINES)('callback URL policy with local webhooks on on %s', (engine) => {
  let alice: Customer;

  const t = useTestApp(engine, { resolve, env: { COFRE_ALLOW_LOCAL_WEBHOOKS: 'true' } });

  beforeAll(async () => {
    alice = await t.customer('Alice');
  });

  it('accepts plain http to loopback receivers only', async () => {
    for (const url of ['http://127.0.0.1:8999/hooks', 'http://localhost:8999/hooks']) {
      const res = await postSubscription(t, alice.token, { url, includeAll: true });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
    }
  });

  it('still refuses private networks and plain http to public hosts', async () => {
    for (const [url, code] of [
      ['https://10.0.0.8/hooks', 'PRIVATE_ADDRESS'],
      ['https://internal.example.com/hooks', 'PRIVATE_ADDRESS'],
      ['http://hooks.example.com/hooks', 'SCHEME_NOT_ALLOWED'],
    ] as const) {
      const problem = expectProblem(
        await postSubscription(t, alice.token, { url, includeAll: true }),
        400,
        'INVALID_DATA',
      );
      expect(problem.errors?.[0], url).toMatchObject({ pointer: '/url', code });
    }
  });
});
