import { describe, expect, it } from 'vitest';
import { fakeEfiPayouts, type FakePspRequest } from '../helpers/pix/fake-efi-payouts.js';

// The fake Efí the payout tests drive holds cofre to what Efí documents: a body it would refuse
// is recorded as a violation (and refused), so a test that ignores `violations` still fails.
const HOUSE_KEY = 'a1f4102e-a446-4a57-bcce-6fa48899c1d1';
const ID = '01JDX4Y7Z8ABCDEFGHJKMNPQRS';

function put(path: string, body: unknown): FakePspRequest {
  return { method: 'PUT', path, query: {}, body, headers: {} };
}
function get(path: string): FakePspRequest {
  return { method: 'GET', path, query: {}, body: undefined, headers: {} };
}
const valid = {
  valor: '0.01',
  pagador: { chave: HOUSE_KEY },
  favorecido: { chave: 'efipay@sejaefi.com.br' },
};

describe('the fake Efí payout endpoints', () => {
  it.each([
    ['a valor without cents', { ...valid, valor: '1' }, 'body.valor does not match'],
    ['a zero valor', { ...valid, valor: '0.00' }, 'body.valor must be more than zero'],
    ['a numeric valor', { ...valid, valor: 1.5 }, 'body.valor must be a non-empty string'],
    [
      'no pagador',
      { valor: '1.00', favorecido: valid.favorecido },
      'body.pagador must be an object',
    ],
    [
      'an infoPagador over 140',
      { ...valid, pagador: { chave: HOUSE_KEY, infoPagador: 'x'.repeat(141) } },
      'infoPagador has 141',
    ],
    [
      'a favorecido without a key',
      { ...valid, favorecido: {} },
      'body.favorecido.chave is required',
    ],
    [
      'bank details (cofre pays keys)',
      { ...valid, favorecido: { contaBanco: {} } },
      'contaBanco is not a field',
    ],
    ['a field Efí does not document', { ...valid, txid: 'abc' }, 'body.txid is not a field'],
  ])('records %s as a violation and refuses it', (_, body, violation) => {
    const efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
    const answer = efi.handle(put(`/v3/gn/pix/${ID}`, body));
    expect(answer).toMatchObject({ status: 400, body: { nome: 'valor_invalido' } });
    expect(efi.violations.join('\n')).toContain(violation);
    expect(efi.paid(ID)).toBe(0);
  });

  it('records an idEnvio outside ^[a-zA-Z0-9]{1,35}$ and a BR Code payment without its code', () => {
    const efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
    efi.handle(put('/v3/gn/pix/has-hyphens', valid));
    efi.handle(put(`/v2/gn/pix/${ID}/qrcode`, { pagador: { chave: HOUSE_KEY }, valor: '1.00' }));
    expect(efi.violations).toEqual([
      'PUT /v3/gn/pix/has-hyphens: idEnvio "has-hyphens" is not ^[a-zA-Z0-9]{1,35}$',
      `PUT /v2/gn/pix/${ID}/qrcode: body.pixCopiaECola is required`,
      `PUT /v2/gn/pix/${ID}/qrcode: body.valor is not a field Efí documents`,
    ]);
  });

  it('answers a used idEnvio 409 id_envio_duplicado, across both send endpoints, and counts every send', () => {
    const efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
    expect(efi.handle(put(`/v3/gn/pix/${ID}`, valid))).toMatchObject({
      status: 201,
      body: { status: 'EM_PROCESSAMENTO' },
    });
    const qrcode = { pagador: { chave: HOUSE_KEY }, pixCopiaECola: '000201' };
    expect(efi.handle(put(`/v2/gn/pix/${ID}/qrcode`, qrcode))).toMatchObject({
      status: 409,
      body: { nome: 'id_envio_duplicado' },
    });
    expect([efi.sends(ID), efi.paid(ID), efi.violations]).toEqual([2, 1, []]);
  });

  it('reads a sent Pix back by idEnvio and by e2eId, and settles it', () => {
    const efi = fakeEfiPayouts({
      payerKey: HOUSE_KEY,
      now: () => new Date('2026-11-26T12:34:56Z'),
    });
    const sent = efi.handle(put(`/v3/gn/pix/${ID}`, valid))!.body as { e2eId: string };
    expect(sent.e2eId).toMatch(/^E09089356202611261234API[0-9a-f]{8}$/);
    efi.settle(ID, 'COMPLETED');
    const byId = efi.handle(get(`/v2/gn/pix/enviados/id-envio/${ID}`));
    expect(byId).toEqual({
      status: 200,
      body: {
        endToEndId: sent.e2eId,
        idEnvio: ID,
        valor: '0.01',
        chave: HOUSE_KEY,
        status: 'REALIZADO',
        horario: {
          solicitacao: '2026-11-26T12:34:56.000Z',
          liquidacao: '2026-11-26T12:34:56.000Z',
        },
        favorecido: { chave: 'efipay@sejaefi.com.br' },
      },
    });
    expect(efi.handle(get(`/v2/gn/pix/enviados/${sent.e2eId}`))).toEqual(byId);
    expect(efi.handle(get('/v2/gn/pix/enviados/id-envio/nothere'))).toMatchObject({
      status: 404,
      body: { type: 'https://pix.bcb.gov.br/api/v2/error/PixEnviadoNaoEncontrado' },
    });
  });

  it('builds the callback Efí posts for a sent Pix, with the SPI’s reason when it was not made', () => {
    const efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
    efi.handle(put(`/v3/gn/pix/${ID}`, valid));
    efi.settle(ID, 'FAILED', 'Conta inexistente');
    expect(efi.callback(ID)).toEqual({
      pix: [
        {
          endToEndId: efi.sent()[0]!.endToEndId,
          chave: HOUSE_KEY,
          tipo: 'SOLICITACAO',
          status: 'NAO_REALIZADO',
          valor: '0.01',
          horario: null,
          gnExtras: {
            idEnvio: ID,
            erro: {
              codigo: 'AC03',
              motivo: 'Conta inexistente',
              origem: 'PSP do usuário recebedor',
            },
          },
        },
      ],
    });
  });

  it('passes on what is not a payout endpoint', () => {
    const efi = fakeEfiPayouts({ payerKey: HOUSE_KEY });
    expect(efi.handle(get('/v2/cob/abc'))).toBeUndefined();
    expect(efi.handle(put('/v2/gn/pix/abc', valid))).toBeUndefined();
  });
});
