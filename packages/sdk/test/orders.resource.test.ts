import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type OrderInput, type OrderOperation } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const order = (status: OrderOperation['status']): OrderOperation => ({
  id: 'op_1',
  type: 'ORDER',
  status,
  accountId: 'acc_1',
  asset: 'USDT',
  amount: '100.000000',
  fees: [],
  reason: null,
  states: [{ status: 'REQUESTED', reason: null, at: '2026-01-01T00:00:00.000Z' }],
  externalReference: null,
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  side: 'BUY',
  orderType: 'LIMIT',
  baseAsset: 'USDT',
  quoteAsset: 'BRL',
  limitPrice: '5.4',
  expiresAt: '2026-01-02T00:00:00.000Z',
  executedPrice: null,
  notional: '540.00',
  description: null,
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

const limitBuy: OrderInput = {
  accountId: 'acc_1',
  side: 'BUY',
  baseAsset: 'USDT',
  quoteAsset: 'BRL',
  type: 'LIMIT',
  amount: '100',
  limitPrice: '5.40',
};

describe('orders on the operations resource', () => {
  it('places an order with a JSON POST carrying an Idempotency-Key', async () => {
    const { fake, client } = setup(() => json(201, order('PROCESSING')));
    const placed = await client.operations.order(limitBuy, { idempotencyKey: 'k1' });
    // A MARKET order has no limitPrice nor expiresAt (the server's document states it as oneOf).
    const { accountId, side, baseAsset, quoteAsset, amount } = limitBuy;
    await client.operations.order({
      accountId,
      side,
      baseAsset,
      quoteAsset,
      amount,
      type: 'MARKET',
    });
    expect(placed).toMatchObject({ type: 'ORDER', status: 'PROCESSING', limitPrice: '5.4' });
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/operations/order'],
      ['POST', '/v1/operations/order'],
    ]);
    expect(fake.apiCalls[0]?.body).toEqual(limitBuy);
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toBe('k1');
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('cancels with a bodiless POST on the encoded id', async () => {
    const { fake, client } = setup(() => json(200, order('FAILED')));
    const cancelled = await client.operations.cancel('op_1/x');
    expect(cancelled.status).toBe('FAILED');
    expect(fake.apiCalls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/v1/operations/op_1%2Fx/cancel', undefined],
    ]);
    expect(fake.apiCalls[0]?.headers['content-type']).toBeUndefined();
    await expect(client.operations.cancel('')).rejects.toThrow(TypeError);
  });

  it('surfaces a cancel that lost to a fill as a CofreApiError INVALID_STATE', async () => {
    const { client } = setup(() =>
      json(409, {
        type: 'urn:cofre:problem:invalid-state',
        title: 'The resource is not in a state that allows this',
        status: 409,
        detail: 'Order op_1 is COMPLETED; only an open order can be cancelled.',
        code: 'INVALID_STATE',
      }),
    );
    const error = await client.operations.cancel('op_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('INVALID_STATE');
  });
});
