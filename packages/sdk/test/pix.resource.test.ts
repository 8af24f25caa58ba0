import { describe, expect, it } from 'vitest';
import { CofreApiError, CofreClient, type Operation, type PixKeyRecipient } from '../src/index.js';
import { FakeFetch, json, tokenEndpoint, type RecordedCall } from './helpers/fake-fetch.js';

const recipient: PixKeyRecipient = {
  keyType: 'PHONE',
  key: '+5511987654321',
  holder: { type: 'INDIVIDUAL', name: 'Mar** Sil**', taxId: '***.456.789-**' },
  bank: { ispb: '18236120', name: 'Nu Pagamentos S.A.' },
};

const payment: Operation = {
  id: 'op_1',
  type: 'PIX_PAYMENT',
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
  pixKey: { keyType: 'PHONE', key: '+5511987654321' },
  recipient,
  brCode: null,
  txid: null,
  description: null,
  endToEndId: null,
};

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

describe('PIX in the SDK', () => {
  it('looks a key up with a GET, encoding the key', async () => {
    const { fake, client } = setup(() => json(200, recipient));
    expect(await client.pix.lookupKey('+5511987654321')).toEqual(recipient);
    await client.pix.lookupKey('maria@example.com');
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['GET', '/v1/pix/keys/%2B5511987654321'],
      ['GET', '/v1/pix/keys/maria%40example.com'],
    ]);
    expect(() => client.pix.lookupKey('')).toThrow(TypeError);
  });

  it('surfaces an unknown key as a CofreApiError PIX_KEY_NOT_FOUND', async () => {
    const { client } = setup(() =>
      json(404, {
        type: 'urn:cofre:problem:pix-key-not-found',
        title: 'No PIX account is registered for this key',
        status: 404,
        detail: 'no',
        code: 'PIX_KEY_NOT_FOUND',
      }),
    );
    const error = await client.pix.lookupKey('unknown@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CofreApiError);
    expect((error as CofreApiError).code).toBe('PIX_KEY_NOT_FOUND');
  });

  it('pays a key or a code with a JSON POST carrying an Idempotency-Key', async () => {
    const { fake, client } = setup(() => json(201, payment));
    const toKey = {
      accountId: 'acc_1',
      amount: '10.00',
      pixKey: { keyType: 'PHONE', key: '+5511987654321' },
    } as const;
    expect(await client.operations.pixPayment(toKey, { idempotencyKey: 'k1' })).toEqual(payment);
    await client.operations.pixPayment({ accountId: 'acc_1', brCode: '0002016304ABCD' });
    expect(fake.apiCalls.map((c) => [c.method, c.path])).toEqual([
      ['POST', '/v1/operations/pixPayment'],
      ['POST', '/v1/operations/pixPayment'],
    ]);
    expect(fake.apiCalls[0]?.body).toEqual(toKey);
    expect(fake.apiCalls[0]?.headers['idempotency-key']).toBe('k1');
    expect(fake.apiCalls[1]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
