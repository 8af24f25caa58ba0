/**
 * The calls the PIX rail makes to a PSP's API Pix (the BCB's OpenAPI contract, version 2.9.0;
 * ../shared/reference/bcb-api-pix-2.9.0.yaml), as a port: the rail's jobs speak only this, and
 * api-pix-client.ts implements it over HTTPS (OAuth 2.0 client credentials, mTLS). Field names
 * are the contract's (Portuguese), so a reader can hold this file against the document.
 *
 * Every call ends one of three ways:
 * - an answer: `ok` (2xx, the body checked for the fields cofre reads), `not-found` (404), or
 *   `refused` (400 or 403: the PSP looked at the request and said no; retrying it unchanged will
 *   not help, and the problem body says why);
 * - a thrown PspUnavailable: no answer that means anything (network error, timeout, TLS failure,
 *   5xx, 429, 401 after one token refresh, a 2xx whose body does not parse). The outcome of a
 *   write is then unknown: the caller backs off and reads back before it writes again.
 */

/** A charge as the PSP holds it (CobGerada / CobCompleta). Amounts are API Pix decimals ("12.50"). */
export interface PspCharge {
  txid: string;
  /** ATIVA | CONCLUIDA | REMOVIDA_PELO_USUARIO_RECEBEDOR | REMOVIDA_PELO_PSP. */
  status: PspChargeStatus;
  revisao: number;
  /** calendario.criacao (RFC 3339) and calendario.expiracao (seconds after it). */
  criacao: string;
  expiracao: number;
  /** valor.original. */
  valor: string;
  chave: string;
  /** The BR Code a payer copies; optional in the contract. */
  pixCopiaECola: string | undefined;
  /** The Pix received for this charge (GET /cob/{txid} only; [] otherwise). */
  pix: PspReceivedPix[];
}

export const PSP_CHARGE_STATUSES = [
  'ATIVA',
  'CONCLUIDA',
  'REMOVIDA_PELO_USUARIO_RECEBEDOR',
  'REMOVIDA_PELO_PSP',
] as const;
export type PspChargeStatus = (typeof PSP_CHARGE_STATUSES)[number];

/** PUT /cob/{txid}'s body (CobSolicitada), as the rail sends it: no devedor, no loc. */
export interface PspChargeRequest {
  /** Seconds from the charge's creation at the PSP; > 0. */
  expiracao: number;
  /** "12.50": \d{1,10}\.\d{2}, above zero. */
  valor: string;
  chave: string;
  /** ≤ 140 characters, shown to the payer. */
  solicitacaoPagador?: string;
}

/** A Pix received (the contract's `Pix`). */
export interface PspReceivedPix {
  /** 32 letters and digits; the exactly-once key of money arriving. */
  endToEndId: string;
  txid: string | undefined;
  /** What was actually paid, "12.50". */
  valor: string;
  /** When the PSP processed it (RFC 3339). */
  horario: string;
  infoPagador: string | undefined;
  devolucoes: PspRefund[];
}

/** A refund of a received Pix (the contract's `Devolucao`). */
export interface PspRefund {
  /** The id the client chose (1–35 letters and digits). */
  id: string;
  rtrId: string;
  valor: string;
  /** EM_PROCESSAMENTO | DEVOLVIDO | NAO_REALIZADO. */
  status: PspRefundStatus;
  /** ORIGINAL | RETIRADA | MED_OPERACIONAL | MED_FRAUDE | MED_PIX_AUTOMATICO; undefined when absent. */
  natureza: string | undefined;
  /** Why it reached its status (e.g. why it was not done). */
  motivo: string | undefined;
  /** horario.solicitacao / horario.liquidacao (RFC 3339), when given. */
  solicitacao: string | undefined;
  liquidacao: string | undefined;
}

export const PSP_REFUND_STATUSES = ['EM_PROCESSAMENTO', 'DEVOLVIDO', 'NAO_REALIZADO'] as const;
export type PspRefundStatus = (typeof PSP_REFUND_STATUSES)[number];

/** PUT /pix/{e2eid}/devolucao/{id}'s body (DevolucaoSolicitada): natureza ORIGINAL. */
export interface PspRefundRequest {
  valor: string;
  /** ≤ 140 characters. */
  descricao?: string;
}

/** One page of GET /pix (PixConsultados): pages count from 0. */
export interface PspReceivedPage {
  pix: PspReceivedPix[];
  paginaAtual: number;
  quantidadeDePaginas: number;
  quantidadeTotalDeItens: number;
}

/** The problem body of a refusal (RFC 7807 `Problema`), as far as the PSP gave it. */
export interface PspProblem {
  type: string | undefined;
  title: string | undefined;
  detail: string | undefined;
  /** violacoes[].razao / propriedade, flattened for logs and the back-office. */
  violacoes: { razao: string | undefined; propriedade: string | undefined }[];
}

export type PspAnswer<T> =
  | { kind: 'ok'; status: number; body: T }
  | { kind: 'not-found' }
  | { kind: 'refused'; status: number; problem: PspProblem };

/**
 * No meaningful answer: the write it was for may or may not have happened. `retryAfterMs` is
 * the PSP's Retry-After (429, 503) when it gave one.
 */
export class PspUnavailable extends Error {
  override readonly name = 'PspUnavailable';
  constructor(
    message: string,
    readonly retryAfterMs: number | undefined = undefined,
    readonly status: number | undefined = undefined,
  ) {
    super(message);
  }
}

/** The API Pix operations the rail uses (paths relative to COFRE_PIX_PSP_URL). */
export interface ApiPix {
  /** GET /cob/{txid} (scope cob.read). */
  getCharge(txid: string): Promise<PspAnswer<PspCharge>>;
  /** PUT /cob/{txid} (cob.write): 201. Not idempotent at the PSP: read back with getCharge first. */
  putCharge(txid: string, request: PspChargeRequest): Promise<PspAnswer<PspCharge>>;
  /** PATCH /cob/{txid} with exactly {status: REMOVIDA_PELO_USUARIO_RECEBEDOR} (cob.write). */
  removeCharge(txid: string): Promise<PspAnswer<PspCharge>>;
  /** GET /pix/{e2eid} (pix.read). */
  getReceived(endToEndId: string): Promise<PspAnswer<PspReceivedPix>>;
  /**
   * GET /pix?inicio&fim&paginacao.paginaAtual&paginacao.itensPorPagina (pix.read): the Pix
   * created in [inicio, fim] (both inclusive, RFC 3339), one page (itensPorPagina ≤ 1,000).
   */
  listReceived(query: {
    inicio: string;
    fim: string;
    paginaAtual: number;
    itensPorPagina: number;
  }): Promise<PspAnswer<PspReceivedPage>>;
  /** GET /pix/{e2eid}/devolucao/{id} (pix.read). */
  getRefund(endToEndId: string, id: string): Promise<PspAnswer<PspRefund>>;
  /** PUT /pix/{e2eid}/devolucao/{id} (pix.write): 201. An id used before is a 400: read back first. */
  putRefund(
    endToEndId: string,
    id: string,
    request: PspRefundRequest,
  ): Promise<PspAnswer<PspRefund>>;
  /** PUT /webhook/{chave} with {webhookUrl} (webhook.write): 200, no body. */
  putWebhook(chave: string, webhookUrl: string): Promise<PspAnswer<null>>;
  /** GET /webhook/{chave} (webhook.read): the URL registered, if any. */
  getWebhook(chave: string): Promise<PspAnswer<{ webhookUrl: string }>>;
}
