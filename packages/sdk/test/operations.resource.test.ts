import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type Operation, type Page } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const op = (id: string): Operation => ({
  id,
  type: 'DEPOSIT',
  status: 'REQUESTED',
  accountId: 'acc_1',
  asset: 'BRL',
  amount: '10.00',
  fees: [],
  reason: null,
  states: [{ status: 'REQUESTED', reason: null, at: '2026-01-01T00:00:00.000Z' }],
  externalReference: null,
  metadata: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  fundingInstruction: {
    rail: 'CRYPTO',
    network: 'BITCOIN',
    address: 'bc1q',
    expiresAt: '2026-01-01T00:30:00.000Z',
  },
  receivedAmount: null,
  quoteId: null,
  conversion: null,
  refundedAmount: '0.00',
  reversedBy: null,
  onChain: null,
  endToEndId: null,
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

const withdrawal = {
  accountId: 'acc_1',
  asset: 'BRL',
  amount: '30.00',
  beneficiary: { id: 'ben_1', paymentInstructionId: 'pin_1' },
} as const;

describe('operations resource', () => {
  it('deposits and withdraws with JSON POSTs carrying an Idempotency-Key', async () => {
    const { fake, client } = setup(() => json(201, op('op_1')));
    await client.operations.deposit(
      { accountId: 'acc_1', asset: 'BRL', amount: '10.00' },
      { idempotencyKey: 'k1' },
    );
    await client.operations.withdraw(withdrawal);
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/operations/deposit'],
      ['POST', '/v1/operations/withdrawal'],
    ]);
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toBe('k1');
    expect(fake.apiCalls[1]?.body).toEqual(withdrawal);
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refunds a PIX deposit with a JSON POST to its refunds, idempotent, the id encoded', async () => {
    const { fake, client } = setup(() => json(201, op('op_refund')));
    await client.operations.refund('op_1', { amount: '5.00', reason: 'Cancelled' });
    await client.operations.refund('a/b', { reason: 'All' }, { idempotencyKey: 'k2' });
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/operations/op_1/refunds'],
      ['POST', '/v1/operations/a%2Fb/refunds'],
    ]);
    expect(fake.apiCalls[0]?.body).toEqual({ amount: '5.00', reason: 'Cancelled' });
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toBe('k2');
    expect(() => client.operations.refund('', { reason: 'x' })).toThrow(TypeError);
  });

  it('surfaces a refusal as a CofreApiError with its code', async () => {
    const { client } = setup(() =>
      json(422, {
        type: 'urn:cofre:problem:insufficient-balance',
        title: 'The available balance does not cover the amount',
        status: 422,
        detail: 'no',
        code: 'INSUFFICIENT_BALANCE',
      }),
    );
    const error = await client.operations.withdraw(withdrawal).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('INSUFFICIENT_BALANCE');
  });

  it('gets, lists with filters, reads funding instructions, encoding ids', async () => {
    const { fake, client } = setup((call) =>
      call.path.includes('fundingInstructions')
        ? json(200, {
            data: [{ asset: 'BTC', rail: 'CRYPTO', network: 'BITCOIN', address: 'bc1q' }],
          })
        : call.path.startsWith('/v1/operations/')
          ? json(200, op('x'))
          : json(200, { data: [], meta: { previousCursor: null, nextCursor: null, total: 0 } }),
    );
    await client.operations.get('op/1');
    await client.operations.list({ type: 'WITHDRAWAL', status: 'FAILED', accountId: 'acc_1' });
    const funding = await client.accounts.fundingInstructions('acc_1');
    expect(funding).toEqual([
      { asset: 'BTC', rail: 'CRYPTO', network: 'BITCOIN', address: 'bc1q' },
    ]);
    expect(fake.apiCalls.map((c) => c.path)).toEqual([
      '/v1/operations/op%2F1',
      '/v1/operations?type=WITHDRAWAL&status=FAILED&accountId=acc_1',
      '/v1/accounts/acc_1/fundingInstructions',
    ]);
    await expect(client.operations.get('')).rejects.toThrow(TypeError);
  });

  it('lists with several values of a filter as the parameter repeated, and every other filter', async () => {
    const { fake, client } = setup(() =>
      json(200, { data: [], meta: { previousCursor: null, nextCursor: null, total: 0 } }),
    );
    await client.operations.list({
      type: ['DEPOSIT', 'WITHDRAWAL'],
      status: ['COMPLETED'],
      asset: 'BRL',
      accountId: 'acc_1',
      externalReference: 'inv/1',
      createdAtFrom: '2026-11-01T00:00:00Z',
      createdAtTo: '2026-12-01T00:00:00Z',
    });
    const url = new URL(fake.apiCalls[0]!.url);
    expect(url.pathname).toBe('/v1/operations');
    expect(url.searchParams.getAll('type')).toEqual(['DEPOSIT', 'WITHDRAWAL']);
    expect(url.searchParams.getAll('status')).toEqual(['COMPLETED']);
    expect(url.searchParams.getAll('asset')).toEqual(['BRL']);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      accountId: 'acc_1',
      externalReference: 'inv/1',
      createdAtFrom: '2026-11-01T00:00:00Z',
      createdAtTo: '2026-12-01T00:00:00Z',
    });
  });

  it('iterates every page following the cursors', async () => {
    const pages: Record<string, Page<Operation>> = {
      '': {
        data: [op('o1'), op('o2')],
        meta: { previousCursor: null, nextCursor: 'c1', total: 2 },
      },
      c1: { data: [op('o3')], meta: { previousCursor: 'p1', nextCursor: null, total: 1 } },
    };
    const { client } = setup((call) =>
      json(200, pages[new URL(call.url).searchParams.get('cursor') ?? '']),
    );
    const ids: string[] = [];
    for await (const o of client.operations.iterate({ limit: 2 })) ids.push(o.id);
    expect(ids).toEqual(['o1', 'o2', 'o3']);
  });
});
