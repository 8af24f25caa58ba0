import { describe, expect, it } from 'vitest';
import { CofreClient, paginate, type Account, type Page } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const acc = (id: string): Account => ({
  id,
  type: 'CHECKING',
  status: 'OPENING',
  assets: [{ asset: 'BRL', status: 'ONBOARDING' }],
  balances: [{ asset: 'BRL', available: '0.00', pending: '0.00', total: '0.00' }],
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** Three pages: a1 a2 | a3 a4 | a5, chained by cursors c1 and c2. */
function pagedApi(call: RecordedCall): Response {
  const cursor = new URL(call.url).searchParams.get('cursor');
  const pages: Record<string, Page<Account>> = {
    '': {
      data: [acc('a1'), acc('a2')],
      meta: { previousCursor: null, nextCursor: 'c1', total: 2 },
    },
    c1: {
      data: [acc('a3'), acc('a4')],
      meta: { previousCursor: 'p1', nextCursor: 'c2', total: 2 },
    },
    c2: { data: [acc('a5')], meta: { previousCursor: 'p2', nextCursor: null, total: 1 } },
  };
  return json(200, pages[cursor ?? '']);
}

function setup(api: (call: RecordedCall) => Response) {
  const fake = new FakeFetch(tokenEndpoint(api));
  return {
    fake,
    client: new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    }),
  };
}

describe('accounts resource', () => {
  it('creates an account with a JSON POST carrying the Idempotency-Key', async () => {
    const { fake, client } = setup(() => json(201, acc('acc_new')));
    const account = await client.accounts.create(
      { type: 'SAVING', assets: ['BRL', 'USDT'] },
      { idempotencyKey: 'k-123' },
    );
    expect(account.id).toBe('acc_new');
    const [call] = fake.apiCalls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      body: { type: 'SAVING', assets: ['BRL', 'USDT'] },
    });
    expect(call?.headers).toMatchObject({
      'content-type': 'application/json',
      'idempotency-key': 'k-123',
      authorization: 'Bearer tok-1',
    });
  });

  it("merges an account's metadata with a PATCH of the metadata only", async () => {
    const { fake, client } = setup(() => json(200, { ...acc('acc_1'), metadata: { ref: 'R-1' } }));
    const account = await client.accounts.update('acc_1', { metadata: { ref: 'R-1', old: '' } });
    expect(account.metadata).toEqual({ ref: 'R-1' });
    expect(fake.apiCalls[0]).toMatchObject({
      method: 'PATCH',
      path: '/v1/accounts/acc_1',
      body: { metadata: { ref: 'R-1', old: '' } },
    });
  });

  it('filters a list by metadata as metadata[key]=value pairs', async () => {
    const { fake, client } = setup(pagedApi);
    await client.accounts.list({ metadata: { ref: 'R-1', channel: 'web' }, limit: 5 });
    expect(fake.apiCalls[0]?.path).toBe(
      '/v1/accounts?limit=5&metadata%5Bref%5D=R-1&metadata%5Bchannel%5D=web',
    );
  });

  it('sends no Idempotency-Key and no body on reads', async () => {
    const { fake, client } = setup(() => json(200, acc('acc_1')));
    await client.accounts.get('acc_1');
    const [call] = fake.apiCalls;
    expect(call?.headers['idempotency-key']).toBeUndefined();
    expect(call?.headers['content-type']).toBeUndefined();
    expect(call?.init.body).toBeUndefined();
  });

  it('encodes the account id into the path', async () => {
    const { fake, client } = setup(() => json(200, acc('x')));
    await client.accounts.get('acc/../1?x');
    expect(fake.apiCalls[0]?.path).toBe('/v1/accounts/acc%2F..%2F1%3Fx');
  });

  it('rejects an empty account id without calling the API', async () => {
    const { fake, client } = setup(() => json(200, acc('x')));
    await expect(client.accounts.get('')).rejects.toBeInstanceOf(TypeError);
    expect(fake.calls).toHaveLength(0);
  });

  it('returns the page envelope of a list as the server sent it', async () => {
    const { client } = setup(pagedApi);
    const page = await client.accounts.list({ limit: 2 });
    expect(page).toEqual({
      data: [acc('a1'), acc('a2')],
      meta: { previousCursor: null, nextCursor: 'c1', total: 2 },
    });
  });

  it('iterates every item once, following nextCursor until it is null, with the same filters on every page', async () => {
    const { fake, client } = setup(pagedApi);
    const ids: string[] = [];
    for await (const account of client.accounts.iterate({
      type: 'CHECKING',
      limit: 2,
      sortOrder: 'ASCENDING',
    }))
      ids.push(account.id);
    expect(ids).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
    expect(fake.apiCalls.map((c) => c.path)).toEqual([
      '/v1/accounts?limit=2&sortOrder=ASCENDING&type=CHECKING',
      '/v1/accounts?limit=2&cursor=c1&sortOrder=ASCENDING&type=CHECKING',
      '/v1/accounts?limit=2&cursor=c2&sortOrder=ASCENDING&type=CHECKING',
    ]);
  });

  it('fetches nothing until iterated and no further page once the loop stops', async () => {
    const { fake, client } = setup(pagedApi);
    const iterator = client.accounts.iterate();
    expect(fake.calls).toHaveLength(0);
    for await (const account of iterator) {
      if (account.id === 'a3') break;
    }
    expect(fake.apiCalls).toHaveLength(2);
  });

  it('stops with an error when a list hands back a cursor it already gave', async () => {
    const loop = (cursor: string | undefined): Promise<Page<string>> =>
      Promise.resolve({
        data: [cursor ?? 'start'],
        meta: {
          previousCursor: null,
          nextCursor: cursor === 'b' ? 'a' : cursor === 'a' ? 'b' : 'a',
          total: 1,
        },
      });
    const seen: string[] = [];
    await expect(async () => {
      for await (const item of paginate(loop)) seen.push(item);
    }).rejects.toThrow(/cursor a a second time/);
    expect(seen).toEqual(['start', 'a', 'b']);
  });
});
