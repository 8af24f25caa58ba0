import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type Operation, type Quote } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const quote: Quote = {
  id: 'quo_1',
  accountId: 'acc_1',
  sourceAsset: 'BRL',
  targetAsset: 'USDT',
  sourceAmount: '1000.00',
  targetAmount: '183.541623',
  effectiveRate: { value: '0.184463943544', base: 'BRL', quote: 'USDT' },
  fees: [{ type: 'PERCENTAGE', amount: '5.00', asset: 'BRL' }],
  expiresAt: '2026-11-23T14:30:39.000Z',
  consumedAt: null,
  operationId: null,
  createdAt: '2026-11-23T14:30:09.000Z',
};

const swap: Operation = {
  id: 'op_1',
  type: 'SWAP',
  status: 'REQUESTED',
  accountId: 'acc_1',
  asset: 'BRL',
  amount: '1000.00',
  fees: quote.fees,
  reason: null,
  states: [{ status: 'REQUESTED', reason: null, at: quote.createdAt }],
  externalReference: null,
  metadata: {},
  createdAt: quote.createdAt,
  updatedAt: quote.createdAt,
  quoteId: 'quo_1',
  sourceAsset: 'BRL',
  targetAsset: 'USDT',
  sourceAmount: '1000.00',
  targetAmount: '183.541623',
  effectiveRate: quote.effectiveRate,
  description: null,
};

function setup(api: (call: RecordedCall) => Response) {
  const fake = new FakeFetch(tokenEndpoint(api));
  const client = new CofreClient({
    baseUrl: 'https://api.test',
    clientId: 'c',
    clientSecret: 's',
    fetch: fake.fetch,
  });
  return { fake, client };
}

describe('quotes, rates and swaps', () => {
  it('creates a quote and swaps with it, each POST carrying an Idempotency-Key', async () => {
    const { fake, client } = setup((call) => json(201, call.path === '/v1/quotes' ? quote : swap));
    const input = {
      accountId: 'acc_1',
      sourceAsset: 'BRL',
      targetAsset: 'USDT',
      sourceAmount: '1000.00',
    } as const;
    expect(await client.quotes.create(input, { idempotencyKey: 'q1' })).toEqual(quote);
    const op = await client.operations.swap({ accountId: 'acc_1', quoteId: 'quo_1' });
    expect(op.type === 'SWAP' && op.targetAmount).toBe('183.541623');
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/quotes'],
      ['POST', '/v1/operations/swap'],
    ]);
    expect(fake.apiCalls[0]?.body).toEqual(input);
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toBe('q1');
    expect(fake.apiCalls[1]?.body).toEqual({ accountId: 'acc_1', quoteId: 'quo_1' });
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gets a quote by its encoded id and lists rates with filters', async () => {
    const rates = [
      { base: 'BRL', quote: 'USDT', rate: '0.184463943544', updatedAt: quote.createdAt },
    ];
    const { fake, client } = setup((call) =>
      json(200, call.path.startsWith('/v1/rates') ? { data: rates } : quote),
    );
    expect(await client.quotes.get('quo/1')).toEqual(quote);
    expect(await client.rates.list({ base: 'BRL', quote: 'USDT' })).toEqual(rates);
    await client.rates.list();
    expect(fake.apiCalls.map((c) => c.path)).toEqual([
      '/v1/quotes/quo%2F1',
      '/v1/rates?base=BRL&quote=USDT',
      '/v1/rates',
    ]);
    await expect(client.quotes.get('')).rejects.toThrow(TypeError);
  });

  it('surfaces a used quote as QUOTE_ALREADY_CONSUMED with the winning operation', async () => {
    const details = { quoteId: 'quo_1', consumedByOperationId: 'op_0' };
    const { client } = setup(() =>
      json(422, {
        type: 'urn:cofre:problem:quote-already-consumed',
        title: 'The quote was already used',
        status: 422,
        detail: 'Quote quo_1 was already used by operation op_0.',
        code: 'QUOTE_ALREADY_CONSUMED',
        details,
      }),
    );
    const error = await client.operations
      .swap({ accountId: 'acc_1', quoteId: 'quo_1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('QUOTE_ALREADY_CONSUMED');
    expect((error as CofreApiError).body).toMatchObject({ details });
  });
});
