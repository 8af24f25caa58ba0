import { beforeEach, describe, expect, it } from 'vitest';
import { PspUnavailable } from '../../src/rails/pix/psp/api-pix.js';
import type { PspTransport } from '../../src/rails/pix/psp/psp-transport.js';
import { efiPayouts } from '../../src/rails/pix/payouts/efi/efi-payouts.js';
import type {
  PixPayoutAdapter,
  PixPayoutOrder,
} from '../../src/rails/pix/payouts/pix-payout-adapter.js';
import { fakeEfiPayouts, type FakeEfiPayouts } from '../helpers/pix/fake-efi-payouts.js';
import { stubPspTransport, type StubPspTransport } from '../helpers/pix/fake-psp-transport.js';

// Issue 26 point 4: a payout is FAILED only when Efí said no and holds nothing under its id;
// every answer the adapter cannot read leaves the outcome unknown (PspUnavailable), never a guess.
const ORIGIN = 'https://pix.efi.test';
const HOUSE_KEY = '12345678000195';
const ID = '01JDX4Y7Z8ABCDEFGHJKMNPQRS';
const order: PixPayoutOrder = {
  amount: '12.50',
  payerKey: HOUSE_KEY,
  to: { key: '+5531999998888' },
};

let efi: FakeEfiPayouts;
let transport: StubPspTransport;
let adapter: PixPayoutAdapter;

beforeEach(() => {
  efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
  transport = stubPspTransport(ORIGIN, efi.routes);
  adapter = efiPayouts(transport, { pspUrl: `${ORIGIN}/v2` });
});

/** An adapter over a transport that gives one scripted answer to every request. */
function answering(status: number, body: unknown): PixPayoutAdapter {
  const scripted: PspTransport = {
    request: () => Promise.resolve({ status, body }),
    close: () => Promise.resolve(),
  };
  return efiPayouts(scripted, { pspUrl: `${ORIGIN}/v2` });
}

describe('the Efí payout adapter, refusals and unreadable answers', () => {
  it('fails a payout Efí refused (422 pagamento_negado) with Efí’s words, after reading back that nothing is held', async () => {
    efi.refuseNext(1, {
      status: 422,
      nome: 'pagamento_negado',
      mensagem: 'Pagamento negado por análises',
    });
    expect(await adapter.send(ID, order)).toEqual({
      state: 'FAILED',
      endToEndId: undefined,
      reason: 'Efí 422 pagamento_negado: Pagamento negado por análises',
    });
    expect(transport.calls).toEqual([
      `PUT /v3/gn/pix/${ID}`,
      `GET /v2/gn/pix/enviados/id-envio/${ID}`,
    ]);
    expect(efi.paid(ID)).toBe(0);
  });

  it('fails a payout from a key that is not the account’s (400 chave_invalida)', async () => {
    const state = await adapter.send(ID, { ...order, payerKey: 'someone-else@example.com' });
    expect(state).toMatchObject({
      state: 'FAILED',
      reason: expect.stringContaining('chave_invalida'),
    });
  });

  it('answers a refusal of a repeated send with the payout Efí holds, not FAILED', async () => {
    // The first send was paid and its answer lost; the second is refused for a reason the first
    // one caused (its debit) before Efí looks at the id.
    const held = {
      endToEndId: 'E09089356202611261200API00000001',
      idEnvio: ID,
      valor: '12.50',
      status: 'EM_PROCESSAMENTO',
    };
    const afterHiddenSuccess = efiPayouts(
      {
        request: (method) =>
          Promise.resolve(
            method === 'PUT'
              ? {
                  status: 400,
                  body: { nome: 'saldo_insuficiente', mensagem: 'Saldo insuficiente' },
                }
              : { status: 200, body: held },
          ),
        close: () => Promise.resolve(),
      },
      { pspUrl: `${ORIGIN}/v2` },
    );
    expect(await afterHiddenSuccess.send(ID, order)).toEqual({
      state: 'PROCESSING',
      endToEndId: held.endToEndId,
    });
  });

  it('reads a payout Efí did not make (NAO_REALIZADO) back as FAILED, with the SPI’s reason when Efí gives one', async () => {
    await adapter.send(ID, order);
    efi.settle(ID, 'FAILED');
    expect(await adapter.lookup(ID)).toMatchObject({
      state: 'FAILED',
      endToEndId: efi.sent()[0]!.endToEndId,
    });
    const withReason = answering(200, {
      endToEndId: 'E09089356202611261200API00000001',
      idEnvio: ID,
      valor: '12.50',
      status: 'NAO_REALIZADO',
      gnExtras: { erro: { codigo: 'AC03', motivo: 'Conta do recebedor inexistente' } },
    });
    expect(await withReason.lookup(ID)).toMatchObject({
      reason: 'NAO_REALIZADO (AC03): Conta do recebedor inexistente',
    });
  });

  it('throws PspUnavailable when Efí answers 409 for an idEnvio it cannot read back', async () => {
    const adapter409 = efiPayouts(
      {
        request: (method) =>
          Promise.resolve(
            method === 'PUT'
              ? { status: 409, body: { nome: 'id_envio_duplicado', mensagem: 'já utilizado' } }
              : {
                  status: 404,
                  body: { type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado' },
                },
          ),
        close: () => Promise.resolve(),
      },
      { pspUrl: `${ORIGIN}/v2` },
    );
    await expect(adapter409.send(ID, order)).rejects.toMatchObject({
      name: 'PspUnavailable',
      status: 409,
    });
  });

  it.each([
    [
      '403 insufficient_scope (the house’s configuration, not this payout)',
      403,
      { error: 'insufficient_scope' },
    ],
    ['a 4xx whose body is not Efí’s', 400, '<html>Bad Request</html>'],
    ['a 201 without a documented status', 201, { idEnvio: ID, valor: '12.50', status: 'AGENDADO' }],
    ['a 201 without a body', 201, undefined],
    ['a 200 with REALIZADO but no end-to-end id', 200, { idEnvio: ID, status: 'REALIZADO' }],
    ['a 204', 204, undefined],
  ])('throws PspUnavailable on %s', async (_, status, body) => {
    await expect(answering(status, body).send(ID, order)).rejects.toBeInstanceOf(PspUnavailable);
  });

  it.each([
    ['a 404 whose body is not Efí’s (a wrong URL)', 404, 'Not Found'],
    ['a 200 that is not a sent Pix', 200, { pix: [] }],
    ['a 400', 400, { nome: 'valor_invalido', mensagem: 'idEnvio inválido' }],
  ])('throws PspUnavailable when a read-back gets %s', async (_, status, body) => {
    await expect(answering(status, body).lookup(ID)).rejects.toBeInstanceOf(PspUnavailable);
  });

  it('fails an amount Efí cannot take without calling Efí', async () => {
    expect(await adapter.send(ID, { ...order, amount: '12.5' })).toMatchObject({ state: 'FAILED' });
    expect(await adapter.send(ID, { ...order, amount: '12345678901.00' })).toMatchObject({
      state: 'FAILED',
    });
    expect(transport.calls).toEqual([]);
  });

  it('refuses an idEnvio Efí would not accept as a bug, before any call', async () => {
    await expect(adapter.send('01JDX4Y7Z8-ABC', order)).rejects.toBeInstanceOf(TypeError);
    await expect(adapter.lookup('x'.repeat(36))).rejects.toBeInstanceOf(TypeError);
    expect(transport.calls).toEqual([]);
  });
});
