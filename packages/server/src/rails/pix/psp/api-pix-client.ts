import { PspUnavailable, type ApiPix, type PspAnswer } from './api-pix.js';
import {
  chargeFrom,
  problemFrom,
  receivedPageFrom,
  receivedPixFrom,
  refundFrom,
  webhookFrom,
} from './api-pix-bodies.js';
import type { PspExchange, PspTransport } from './psp-transport.js';

/** A path segment (txid, e2eid, refund id, a DICT key such as +5511… or a@b.c) as text, never as path. */
const segment = (value: string) => encodeURIComponent(value);

/**
 * ApiPix over a PspTransport: each call builds the request exactly as API Pix 2.9.0 describes
 * it (operation and schema named at each call) and maps the answer: a 2xx through the body
 * readers (api-pix-bodies.ts), 404 → not-found, any other 4xx → refused with the problem body
 * flattened (400 and 403 are the documented ones; 408 is a timeout, so unknown).
 */
export function apiPixClient(transport: PspTransport): ApiPix {
  const call = async <T>(
    method: 'GET' | 'PUT' | 'PATCH',
    path: string,
    read: (body: unknown) => T,
    options?: { query?: Record<string, string>; body?: unknown },
  ): Promise<PspAnswer<T>> => answerFrom(await transport.request(method, path, options), read);
  return {
    // GET /cob/{txid}: 200 CobCompleta.
    getCharge: (txid) => call('GET', `/cob/${segment(txid)}`, chargeFrom),
    // PUT /cob/{txid}: body CobSolicitada; 201 CobGerada. No devedor (its CPF pattern is broken in
    // 2.9.0, and cofre has no payer to name), no loc (the PSP makes the location).
    putCharge: (txid, request) =>
      call('PUT', `/cob/${segment(txid)}`, chargeFrom, {
        body: {
          calendario: { expiracao: request.expiracao },
          valor: { original: request.valor },
          chave: request.chave,
          ...(request.solicitacaoPagador === undefined
            ? {}
            : { solicitacaoPagador: request.solicitacaoPagador }),
        },
      }),
    // PATCH /cob/{txid}: body CobRevisada with the status alone (removal with any other change is
    // a 400, CobOperacaoInvalida); 200 CobGerada.
    removeCharge: (txid) =>
      call('PATCH', `/cob/${segment(txid)}`, chargeFrom, {
        body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      }),
    // GET /pix/{e2eid}: 200 Pix.
    getReceived: (endToEndId) =>
      call('GET', `/pix/${segment(endToEndId)}`, (body) => receivedPixFrom(body)),
    // GET /pix: the query names of components.parameters (inicio, fim, paginacao.*); 200 PixConsultados.
    listReceived: (query) =>
      call('GET', '/pix', receivedPageFrom, {
        query: {
          inicio: query.inicio,
          fim: query.fim,
          'paginacao.paginaAtual': String(query.paginaAtual),
          'paginacao.itensPorPagina': String(query.itensPorPagina),
        },
      }),
    // GET /pix/{e2eid}/devolucao/{id}: 200 Devolucao.
    getRefund: (endToEndId, id) =>
      call('GET', `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`, (body) =>
        refundFrom(body),
      ),
    // PUT /pix/{e2eid}/devolucao/{id}: body DevolucaoSolicitada, natureza ORIGINAL (a refund of the
    // Pix itself; RETIRADA is for Pix Saque/Troco); 201 Devolucao.
    putRefund: (endToEndId, id, request) =>
      call(
        'PUT',
        `/pix/${segment(endToEndId)}/devolucao/${segment(id)}`,
        (body) => refundFrom(body),
        {
          body: {
            valor: request.valor,
            natureza: 'ORIGINAL',
            ...(request.descricao === undefined ? {} : { descricao: request.descricao }),
          },
        },
      ),
    // PUT /webhook/{chave}: body WebhookSolicitado; 200 without a body (any body is ignored).
    putWebhook: (chave, webhookUrl) =>
      call('PUT', `/webhook/${segment(chave)}`, () => null, { body: { webhookUrl } }),
    // GET /webhook/{chave}: 200 WebhookCompleto.
    getWebhook: (chave) => call('GET', `/webhook/${segment(chave)}`, webhookFrom),
  };
}

function answerFrom<T>(exchange: PspExchange, read: (body: unknown) => T): PspAnswer<T> {
  const { status, body } = exchange;
  if (status >= 200 && status < 300) return { kind: 'ok', status, body: read(body) };
  if (status === 404) return { kind: 'not-found' };
  if (status === 408) throw new PspUnavailable(`PSP answered ${status}`, undefined, status);
  return { kind: 'refused', status, problem: problemFrom(body) };
}
