import {
  PSP_CHARGE_STATUSES,
  PSP_REFUND_STATUSES,
  PspUnavailable,
  type PspCharge,
  type PspProblem,
  type PspReceivedPage,
  type PspReceivedPix,
  type PspRefund,
} from './api-pix.js';

/**
 * Reads the bodies of API Pix 2.9.0 answers into the rail's types, checking the fields the rail
 * reads and nothing else: extra fields, a `location` without a scheme (as the document's own
 * examples give it) and missing optional fields are fine; a required field missing or of the
 * wrong shape throws PspUnavailable naming it. A body cofre cannot read is never guessed at:
 * money is credited and charges adopted only from answers that say exactly what they mean.
 */

type Node = Record<string, unknown>;

const AMOUNT = /^\d{1,10}\.\d{2}$/;
const END_TO_END_ID = /^[a-zA-Z0-9]{32}$/;

function bad(where: string, what: string): never {
  throw new PspUnavailable(`the PSP's answer is not API Pix: ${where} ${what}`);
}

function object(value: unknown, where: string): Node {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    bad(where, 'is not an object');
  return value as Node;
}

function text(node: Node, key: string, where: string): string {
  const value = node[key];
  if (typeof value !== 'string' || value === '')
    bad(`${where}.${key}`, 'is not a non-empty string');
  return value;
}

/** Optional text: absent, null and "" (some PSPs send them for "none") all read as undefined. */
function optionalText(node: Node, key: string, where: string): string | undefined {
  const value = node[key];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') bad(`${where}.${key}`, 'is not a string');
  return value;
}

/** An amount "12.50" (the document's \d{1,10}\.\d{2}); amounts are never read from numbers. */
function amount(node: Node, key: string, where: string): string {
  const value = text(node, key, where);
  if (!AMOUNT.test(value)) bad(`${where}.${key}`, 'is not an amount like "12.50"');
  return value;
}

function timestamp(node: Node, key: string, where: string): string {
  const value = text(node, key, where);
  if (Number.isNaN(Date.parse(value))) bad(`${where}.${key}`, 'is not a date-time');
  return value;
}

function optionalTimestamp(node: Node | undefined, key: string, where: string): string | undefined {
  return node === undefined || optionalText(node, key, where) === undefined
    ? undefined
    : timestamp(node, key, where);
}

/** An integer; a string of digits is read too (a harmless difference some PSPs have). */
function integer(node: Node, key: string, where: string): number {
  const raw = node[key];
  const value = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : raw;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    bad(`${where}.${key}`, 'is not a non-negative integer');
  }
  return value;
}

function oneOf<T extends string>(allowed: readonly T[], node: Node, key: string, where: string): T {
  const value = node[key];
  if (!(allowed as readonly unknown[]).includes(value))
    bad(`${where}.${key}`, `is not one of ${allowed.join(', ')}`);
  return value as T;
}

function optionalArray(node: Node, key: string, where: string): unknown[] {
  const value = node[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) bad(`${where}.${key}`, 'is not an array');
  return value;
}

/** CobGerada / CobCompleta (PUT, PATCH and GET /cob/{txid}). */
export function chargeFrom(body: unknown): PspCharge {
  const cob = object(body, 'cob');
  const calendario = object(cob.calendario, 'cob.calendario');
  const valor = object(cob.valor, 'cob.valor');
  return {
    txid: text(cob, 'txid', 'cob'),
    status: oneOf(PSP_CHARGE_STATUSES, cob, 'status', 'cob'),
    revisao: integer(cob, 'revisao', 'cob'),
    criacao: timestamp(calendario, 'criacao', 'cob.calendario'),
    expiracao: integer(calendario, 'expiracao', 'cob.calendario'),
    valor: amount(valor, 'original', 'cob.valor'),
    chave: text(cob, 'chave', 'cob'),
    pixCopiaECola: optionalText(cob, 'pixCopiaECola', 'cob'),
    pix: optionalArray(cob, 'pix', 'cob').map((item, i) => receivedPixFrom(item, `cob.pix[${i}]`)),
  };
}

/** Pix (GET /pix/{e2eid}, GET /pix items, CobCompleta.pix, the callback's items). */
export function receivedPixFrom(body: unknown, where = 'pix'): PspReceivedPix {
  const pix = object(body, where);
  const endToEndId = text(pix, 'endToEndId', where);
  if (!END_TO_END_ID.test(endToEndId)) bad(`${where}.endToEndId`, 'is not 32 letters and digits');
  return {
    endToEndId,
    txid: optionalText(pix, 'txid', where),
    valor: amount(pix, 'valor', where),
    horario: timestamp(pix, 'horario', where),
    infoPagador: optionalText(pix, 'infoPagador', where),
    devolucoes: optionalArray(pix, 'devolucoes', where).map((item, i) =>
      refundFrom(item, `${where}.devolucoes[${i}]`),
    ),
  };
}

/** Devolucao (PUT and GET /pix/{e2eid}/devolucao/{id}, Pix.devolucoes). */
export function refundFrom(body: unknown, where = 'devolucao'): PspRefund {
  const devolucao = object(body, where);
  const horario =
    devolucao.horario === undefined ? undefined : object(devolucao.horario, `${where}.horario`);
  return {
    id: text(devolucao, 'id', where),
    rtrId: text(devolucao, 'rtrId', where),
    valor: amount(devolucao, 'valor', where),
    status: oneOf(PSP_REFUND_STATUSES, devolucao, 'status', where),
    natureza: optionalText(devolucao, 'natureza', where),
    motivo: optionalText(devolucao, 'motivo', where),
    solicitacao: optionalTimestamp(horario, 'solicitacao', `${where}.horario`),
    liquidacao: optionalTimestamp(horario, 'liquidacao', `${where}.horario`),
  };
}

/** PixConsultados (GET /pix): parametros.paginacao and the page's items. */
export function receivedPageFrom(body: unknown): PspReceivedPage {
  const page = object(body, 'pixConsultados');
  const paginacao = object(object(page.parametros, 'parametros').paginacao, 'parametros.paginacao');
  if (!Array.isArray(page.pix)) bad('pixConsultados.pix', 'is not an array');
  const quantidadeDePaginas = integer(paginacao, 'quantidadeDePaginas', 'paginacao');
  return {
    pix: page.pix.map((item, i) => receivedPixFrom(item, `pix[${i}]`)),
    paginaAtual: integer(paginacao, 'paginaAtual', 'paginacao'),
    // The document's minimum is 1 even for an empty window; a 0 means the same (no more pages).
    quantidadeDePaginas: Math.max(1, quantidadeDePaginas),
    quantidadeTotalDeItens: integer(paginacao, 'quantidadeTotalDeItens', 'paginacao'),
  };
}

/** WebhookCompleto (GET /webhook/{chave}): only webhookUrl is read (the document requires cnpj too). */
export function webhookFrom(body: unknown): { webhookUrl: string } {
  return { webhookUrl: text(object(body, 'webhook'), 'webhookUrl', 'webhook') };
}

/** Problema (RFC 7807) as far as the PSP gave it; anything unreadable is left undefined, never a failure. */
export function problemFrom(body: unknown): PspProblem {
  const node =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Node) : {};
  const string = (n: Node, key: string) => {
    const value = n[key];
    return typeof value === 'string' ? value : undefined;
  };
  const violacoes = Array.isArray(node.violacoes) ? node.violacoes : [];
  return {
    type: string(node, 'type'),
    title: string(node, 'title'),
    detail: string(node, 'detail'),
    violacoes: violacoes
      .filter((v): v is Node => v !== null && typeof v === 'object')
      .map((v) => ({ razao: string(v, 'razao'), propriedade: string(v, 'propriedade') })),
  };
}
