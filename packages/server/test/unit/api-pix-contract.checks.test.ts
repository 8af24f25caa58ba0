import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { apiPixContract, contractFile, contractOf } from '../helpers/pix/api-pix-contract.js';
import { houseRules } from '../helpers/pix/api-pix-house-rules.js';

const file = contractFile();
if (file.path === undefined) console.warn(file.reason);

const TXID = '01JQ7Z8X9Y0A1B2C3D4E5F6G7H';
const E2E = 'E12345678202611262215abcdef12345';
const CHAVE = '40a0932d-1918-4eee-845d-35a2da1690dc';
const COB = { calendario: { expiracao: 3600 }, valor: { original: '1250.00' }, chave: CHAVE };
const GERADA = {
  txid: TXID,
  revisao: 0,
  status: 'ATIVA',
  chave: CHAVE,
  valor: { original: '1250.00' },
  calendario: { criacao: '2026-11-26T22:15:00.000Z', expiracao: 3600 },
  location: 'https://pix.example.com/qr/v2/9d36b84fc70b478fb95c12729b90ca25',
};
const PIX = { endToEndId: E2E, txid: TXID, valor: '1250.00', horario: '2026-11-26T22:20:00.000Z' };

describe.skipIf(file.path === undefined)('the API Pix contract checker', () => {
  const contract = () => apiPixContract();
  const put = (body: unknown, txid = TXID) =>
    contract().request({ method: 'PUT', path: `/cob/${txid}`, body });

  it('passes a charge request as cofre sends it', () => {
    expect(put({ ...COB, solicitacaoPagador: 'Depósito' })).toEqual([]);
  });

  it('fails a charge whose amount is a number, not the contract string', () => {
    expect(put({ ...COB, valor: { original: 1250 } })).toEqual([
      'body/valor/original must be string',
    ]);
  });

  it('fails a txid of 25 characters (TxId [a-zA-Z0-9]{26,35})', () => {
    expect(put(COB, TXID.slice(1)).join()).toMatch(/path\.txid must match pattern/);
  });

  it('fails a missing required body, an undeclared query name and a missing required parameter', () => {
    expect(contract().request({ method: 'PUT', path: `/cob/${TXID}` })).toEqual([
      'a request body is required',
    ]);
    const window = { inicio: '2026-11-26T22:00:00.000Z', fim: '2026-11-26T23:00:00.000Z' };
    expect(
      contract().request({ method: 'GET', path: '/pix', query: { ...window, page: '1' } }),
    ).toEqual(['query parameter page is not in the document']);
    expect(
      contract().request({ method: 'GET', path: '/pix', query: { inicio: window.inicio } }),
    ).toEqual(['query parameter fim is required']);
  });

  it('coerces query text to the parameter types (paginacao.paginaAtual "2")', () => {
    const query = {
      inicio: '2026-11-26T22:00:00.000Z',
      fim: '2026-11-26T23:00:00.000Z',
      'paginacao.paginaAtual': '2',
      'paginacao.itensPorPagina': '1000',
    };
    expect(contract().request({ method: 'GET', path: '/pix', query })).toEqual([]);
    expect(
      contract().request({
        method: 'GET',
        path: '/pix',
        query: { ...query, 'paginacao.itensPorPagina': '1001' },
      }),
    ).toEqual(['query.paginacao.itensPorPagina must be <= 1000']);
  });

  it('fails an answer with an undocumented status (no 429 anywhere in 2.9.0)', () => {
    const answer = {
      status: 429,
      contentType: 'application/problem+json',
      body: { type: 'x', title: 'x', status: 429 },
    };
    expect(contract().response({ method: 'PUT', path: `/cob/${TXID}` }, answer)).toEqual([
      'status 429 is not documented for PUT /cob/{txid}',
    ]);
  });

  it('fails a CobGerada without revisao and passes one with it', () => {
    const exchange = { method: 'PUT', path: `/cob/${TXID}` };
    const ok = { status: 201, contentType: 'application/json', body: GERADA };
    expect(contract().response(exchange, ok)).toEqual([]);
    const without = Object.fromEntries(Object.entries(GERADA).filter(([key]) => key !== 'revisao'));
    expect(contract().response(exchange, { ...ok, body: without })).toEqual([
      "body must have required property 'revisao'",
    ]);
  });

  it('checks GET /pix answers with the PixConsultados erratum applied', () => {
    const body = {
      parametros: {
        inicio: '2026-11-26T22:00:00Z',
        fim: '2026-11-26T23:00:00Z',
        paginacao: {
          paginaAtual: 0,
          itensPorPagina: 100,
          quantidadeDePaginas: 1,
          quantidadeTotalDeItens: 1,
        },
      },
      pix: [PIX],
    };
    const answer = { status: 200, contentType: 'application/json', body };
    expect(contract().response({ method: 'GET', path: '/pix' }, answer)).toEqual([]);
  });

  it('checks the callback body: an end-to-end id of 31 characters fails', () => {
    expect(contract().callback({ pix: [PIX] })).toEqual([]);
    expect(contract().callback({ pix: [{ ...PIX, endToEndId: E2E.slice(1) }] })).not.toEqual([]);
  });

  it('routes /pix literally, not as /{pixUrlAccessToken}-like templates', () => {
    expect(contract().route('GET', '/pix')?.template).toBe('/pix');
    expect(contract().route('PUT', `/pix/${E2E}/devolucao/R1`)?.values).toEqual({
      e2eid: E2E,
      id: 'R1',
    });
  });

  it('throws naming the erratum when the document no longer has the 2.9.0 value', () => {
    const doc = parse(readFileSync(file.path!, 'utf8')) as {
      components: { schemas: { PixConsultados: { required: string[] } } };
    };
    doc.components.schemas.PixConsultados.required = ['parametros', 'pix'];
    expect(() => contractOf(doc)).toThrow(
      /\/components\/schemas\/PixConsultados\/required no longer applies/,
    );
  });

  it('house rules catch what the unanchored patterns let through', () => {
    const route = contract().route('PUT', `/cob/${TXID}-x`)!;
    expect(put(COB, `${TXID}-x`)).toEqual([]); // the document's own pattern is not anchored
    expect(houseRules(route, { method: 'PUT', path: `/cob/${TXID}-x`, body: COB })).toEqual([
      'house: txid must match ^[a-zA-Z0-9]{26,35}$',
    ]);
    const zero = { ...COB, valor: { original: '0.00' }, calendario: { expiracao: 0 } };
    expect(
      houseRules(contract().route('PUT', `/cob/${TXID}`)!, {
        method: 'PUT',
        path: `/cob/${TXID}`,
        body: zero,
      }),
    ).toEqual(['house: valor.original is zero', 'house: calendario.expiracao must be above 0']);
  });
});
