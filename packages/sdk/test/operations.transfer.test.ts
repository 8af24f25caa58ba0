import { describe, expect, it } from 'vitest';
import { CofreClient, type Operation, type TransferInput } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint } from './helpers/fake-fetch.js';

const transfer: Operation = {
  id: 'op_1',
  type: 'TRANSFER',
  status: 'COMPLETED',
  accountId: 'acc_1',
  asset: 'BRL',
  amount: '250.00',
  fees: [],
  reason: null,
  states: [
    { status: 'REQUESTED', reason: null, at: '2026-01-01T00:00:00.000Z' },
    { status: 'PROCESSING', reason: null, at: '2026-01-01T00:00:00.000Z' },
    { status: 'COMPLETED', reason: null, at: '2026-01-01T00:00:00.000Z' },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  destinationAccountId: 'acc_2',
  destinationAsset: 'BRL',
  destinationAmount: '250.00',
  quoteId: null,
  conversion: null,
  description: null,
  externalReference: null,
  metadata: {},
};

describe('operations.transfer', () => {
  it('POSTs the transfer with an Idempotency-Key and answers the COMPLETED operation', async () => {
    const fake = new FakeFetch(tokenEndpoint(() => json(201, transfer)));
    const client = new CofreClient({
      baseUrl: 'https://api.test',
      clientId: 'c',
      clientSecret: 's',
      fetch: fake.fetch,
    });
    const input: TransferInput = {
      accountId: 'acc_1',
      destinationAccountId: 'acc_2',
      asset: 'BRL',
      amount: '250.00',
    };
    const op = await client.operations.transfer(input);
    await client.operations.transfer(
      { accountId: 'acc_1', destinationAccountId: 'acc_2', quoteId: 'quo_1' },
      { idempotencyKey: 'k1' },
    );
    expect(op).toEqual(transfer);
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/operations/transfer'],
      ['POST', '/v1/operations/transfer'],
    ]);
    expect(fake.apiCalls[0]?.body).toEqual(input);
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toBe('k1');
  });
});
