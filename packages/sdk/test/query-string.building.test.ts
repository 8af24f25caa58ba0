import { describe, expect, it } from 'vitest';
import { buildQueryString, CofreClient, type QueryValue } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint } from './helpers/fake-fetch.js';

const emptyPage = () =>
  json(200, { data: [], meta: { previousCursor: null, nextCursor: null, total: 0 } });

describe('query strings', () => {
  it.each<[Record<string, QueryValue>, string]>([
    [{}, ''],
    [{ cursor: undefined, type: undefined }, ''],
    [{ limit: 50 }, '?limit=50'],
    [{ limit: 10, cursor: undefined, type: 'SAVING' }, '?limit=10&type=SAVING'],
    [{ a: null, b: 0, c: false, d: '' }, '?b=0&c=false&d='],
    [{ cursor: 'eyJh+b/c=.x_y' }, '?cursor=eyJh%2Bb%2Fc%3D.x_y'],
    [{ q: 'a b&c' }, '?q=a+b%26c'],
    [{ type: ['A', 'B'], limit: 5 }, '?type=A&type=B&limit=5'],
    [{ type: [] }, ''],
    [
      { metadata: { orderId: '6735', 'a b': 'x&y' } },
      '?metadata%5BorderId%5D=6735&metadata%5Ba+b%5D=x%26y',
    ],
    [{ metadata: {} }, ''],
  ])('builds %j as %j', (params, expected) => {
    expect(buildQueryString(params)).toBe(expected);
  });

  it('sends only the list parameters that were given', async () => {
    const fake = new FakeFetch(tokenEndpoint(emptyPage));
    const client = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    });
    await client.accounts.list();
    await client.accounts.list({ type: 'SAVING', limit: undefined, sortOrder: 'ASCENDING' });
    await client.accounts.list({
      limit: 5,
      cursor: 'abc.def',
      direction: 'PREVIOUS',
      sortOrder: 'DESCENDING',
      type: 'CHECKING',
      status: 'ACTIVE',
    });
    expect(fake.apiCalls.map((c) => c.path)).toEqual([
      '/v1/accounts',
      '/v1/accounts?sortOrder=ASCENDING&type=SAVING',
      '/v1/accounts?limit=5&cursor=abc.def&direction=PREVIOUS&sortOrder=DESCENDING&type=CHECKING&status=ACTIVE',
    ]);
  });

  it.each(['https://api.test', 'https://api.test/', 'https://api.test//'])(
    'joins base URL %s and path with one slash',
    async (baseUrl) => {
      const fake = new FakeFetch(tokenEndpoint(emptyPage));
      await new CofreClient({
        baseUrl,
        clientId: 'c',
        clientSecret: 's',
        fetch: fake.fetch,
      }).accounts.list();
      expect(fake.calls.map((c) => c.url)).toEqual([
        'https://api.test/v1/oauth/client/token',
        'https://api.test/v1/accounts',
      ]);
    },
  );

  it('keeps a path prefix of the base URL', async () => {
    const fake = new FakeFetch(tokenEndpoint(emptyPage));
    await new CofreClient({
      baseUrl: 'https://gw.test/cofre/',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    }).accounts.list({ limit: 1 });
    expect(fake.apiCalls[0]?.url).toBe('https://gw.test/cofre/v1/accounts?limit=1');
  });
});
