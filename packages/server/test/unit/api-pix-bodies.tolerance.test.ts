import { describe, expect, it } from 'vitest';
import { PspUnavailable } from '../../src/rails/pix/psp/api-pix.js';
import {
  chargeFrom,
  problemFrom,
  receivedPageFrom,
  receivedPixFrom,
} from '../../src/rails/pix/psp/api-pix-bodies.js';

const COB = {
  txid: '01JQ7Z8X9Y0A1B2C3D4E5F6G7H',
  revisao: 0,
  status: 'ATIVA',
  chave: 'cofre@example.com',
  valor: { original: '12.50' },
  calendario: { criacao: '2026-11-26T22:15:00.000Z', expiracao: 3600 },
};
const PIX = {
  endToEndId: 'E12345678202611262215abcdef12345',
  valor: '12.50',
  horario: '2026-11-26T22:20:00Z',
};

describe('reading API Pix answers', () => {
  it('tolerates extra fields, a location without a scheme, and missing optional fields', () => {
    const charge = chargeFrom({
      ...COB,
      location: 'pix.example.com/qr/v2/9d36',
      loc: { id: 7 },
      novidade: true,
    });
    expect(charge).toMatchObject({
      txid: COB.txid,
      valor: '12.50',
      pixCopiaECola: undefined,
      pix: [],
    });
    expect(receivedPixFrom({ ...PIX, txid: '' })).toMatchObject({
      txid: undefined,
      infoPagador: undefined,
      devolucoes: [],
    });
  });

  it('reads an expiracao given as a string of digits (a harmless difference)', () => {
    expect(
      chargeFrom({ ...COB, calendario: { ...COB.calendario, expiracao: '3600' } }).expiracao,
    ).toBe(3600);
  });

  it.each([
    ['an amount as a number', { ...COB, valor: { original: 12.5 } }, /cob\.valor\.original/],
    ['an amount with one decimal', { ...COB, valor: { original: '12.5' } }, /cob\.valor\.original/],
    ['an unknown status', { ...COB, status: 'PAGA' }, /cob\.status/],
    ['no revisao', { ...COB, revisao: undefined }, /cob\.revisao/],
    ['not an object', 'ok', /cob is not an object/],
  ])('never guesses: %s is PspUnavailable naming the field', (_name, body, field) => {
    expect(() => chargeFrom(body)).toThrow(PspUnavailable);
    expect(() => chargeFrom(body)).toThrow(field);
  });

  it('refuses a Pix whose end-to-end id is not 32 letters and digits', () => {
    expect(() => receivedPixFrom({ ...PIX, endToEndId: PIX.endToEndId.slice(1) })).toThrow(
      /endToEndId/,
    );
  });

  it('reads a page and refuses one without its pix array (the PixConsultados erratum: `cobs`)', () => {
    const paginacao = {
      paginaAtual: 0,
      itensPorPagina: 100,
      quantidadeDePaginas: 1,
      quantidadeTotalDeItens: 1,
    };
    expect(receivedPageFrom({ parametros: { paginacao }, pix: [PIX] }).pix).toHaveLength(1);
    expect(() => receivedPageFrom({ parametros: { paginacao }, cobs: [PIX] })).toThrow(
      /pixConsultados\.pix/,
    );
  });

  it('flattens whatever problem body a refusal has', () => {
    expect(
      problemFrom({
        title: 'Cobrança inválida.',
        violacoes: [{ razao: 'r', propriedade: 'p', valor: 'v' }, 3],
      }),
    ).toEqual({
      type: undefined,
      title: 'Cobrança inválida.',
      detail: undefined,
      violacoes: [{ razao: 'r', propriedade: 'p' }],
    });
    expect(problemFrom('<html>')).toEqual({
      type: undefined,
      title: undefined,
      detail: undefined,
      violacoes: [],
    });
  });
});
