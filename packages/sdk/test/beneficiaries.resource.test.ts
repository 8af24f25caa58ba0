import { describe, expect, it } from 'vitest';
import { CofreClient, type Beneficiary, type Page } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const ben = (id: string): Beneficiary => ({
  id,
  holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '52998224725' },
  relationshipType: 'THIRD_PARTY',
  paymentInstructions: [],
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

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

const input = {
  holder: { type: 'INDIVIDUAL', name: 'Maria Silva', taxId: '529.982.247-25' },
  relationshipType: 'THIRD_PARTY',
  paymentInstruction: { rail: 'PIX', asset: 'BRL', keyType: 'EMAIL', key: 'm@example.com' },
} as const;

describe('beneficiaries resource', () => {
  it('creates with a JSON POST carrying an Idempotency-Key', async () => {
    const { fake, client } = setup(() => json(201, ben('ben_1')));
    expect((await client.beneficiaries.create(input, { idempotencyKey: 'k1' })).id).toBe('ben_1');
    expect(fake.apiCalls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/beneficiaries',
      body: input,
    });
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toBe('k1');
  });

  it('sends a random Idempotency-Key when none is given', async () => {
    const { fake, client } = setup(() => json(201, {}));
    await client.beneficiaries.addPaymentInstruction('ben_1', {
      rail: 'CRYPTO_WALLET',
      asset: 'USDT',
      network: 'TRON',
      address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
    expect(fake.apiCalls[0]).toMatchObject({
      method: 'POST',
      path: '/v1/beneficiaries/ben_1/paymentInstructions',
    });
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gets, lists with the taxId filter, and removes with DELETE, encoding ids', async () => {
    const { fake, client } = setup((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : call.path.startsWith('/v1/beneficiaries/')
          ? json(200, ben('x'))
          : json(200, { data: [], meta: { previousCursor: null, nextCursor: null, total: 0 } }),
    );
    await client.beneficiaries.get('ben/1');
    await client.beneficiaries.list({ taxId: '52998224725', limit: 5 });
    await expect(
      client.beneficiaries.removePaymentInstruction('ben_1', 'pin_1'),
    ).resolves.toBeUndefined();
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/v1/beneficiaries/ben%2F1'],
      ['GET', '/v1/beneficiaries?limit=5&taxId=52998224725'],
      ['DELETE', '/v1/beneficiaries/ben_1/paymentInstructions/pin_1'],
    ]);
  });

  it('rejects empty ids without calling the API', async () => {
    const { fake, client } = setup(() => json(200, {}));
    await expect(client.beneficiaries.get('')).rejects.toThrow(TypeError);
    await expect(client.beneficiaries.removePaymentInstruction('ben_1', '')).rejects.toThrow(
      TypeError,
    );
    expect(fake.apiCalls).toEqual([]);
  });

  it('iterates every page following the cursors', async () => {
    const pages: Record<string, Page<Beneficiary>> = {
      '': {
        data: [ben('b1'), ben('b2')],
        meta: { previousCursor: null, nextCursor: 'c1', total: 2 },
      },
      c1: { data: [ben('b3')], meta: { previousCursor: 'p1', nextCursor: null, total: 1 } },
    };
    const { client } = setup((call) =>
      json(200, pages[new URL(call.url).searchParams.get('cursor') ?? '']),
    );
    const ids: string[] = [];
    for await (const b of client.beneficiaries.iterate({ limit: 2 })) ids.push(b.id);
    expect(ids).toEqual(['b1', 'b2', 'b3']);
  });
});
