import type { Exchange, Route } from './api-pix-contract.js';

/**
 * Checks stricter than API Pix 2.9.0, reported apart from the contract's. The document's
 * patterns are ECMA-262 and JSON Schema does not anchor them, so `[a-zA-Z0-9]{26,35}` (TxId)
 * also accepts `01J…-x`; and several violations the document lists in prose (a zero amount, an
 * expiracao ≤ 0: "Cob" error catalogue, CobOperacaoInvalida) are not in any schema. A PSP
 * enforces them, so the fake does too, and cofre must never send such a request.
 */
const TXID = /^[a-zA-Z0-9]{26,35}$/;
const END_TO_END_ID = /^[a-zA-Z0-9]{32}$/;
const REFUND_ID = /^[a-zA-Z0-9]{1,35}$/;
const AMOUNT = /^\d{1,10}\.\d{2}$/;

type Node = Record<string, unknown>;
const at = (body: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Node)[key] : undefined),
    body,
  );

function amount(where: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (typeof value !== 'string' || !AMOUNT.test(value))
    return [`house: ${where} is not an amount like "12.50"`];
  return /^0+\.00$/.test(value) ? [`house: ${where} is zero`] : [];
}

export function houseRules(route: Route, exchange: Exchange): string[] {
  const problems: string[] = [];
  const { txid, e2eid, id } = route.values;
  if (txid !== undefined && !TXID.test(txid))
    problems.push('house: txid must match ^[a-zA-Z0-9]{26,35}$');
  if (e2eid !== undefined && !END_TO_END_ID.test(e2eid))
    problems.push('house: e2eid must match ^[a-zA-Z0-9]{32}$');
  if (id !== undefined && route.template.includes('/devolucao/') && !REFUND_ID.test(id)) {
    problems.push('house: devolucao id must match ^[a-zA-Z0-9]{1,35}$');
  }
  const body = exchange.body;
  if (route.template === '/cob/{txid}' && (route.method === 'put' || route.method === 'patch')) {
    problems.push(...amount('valor.original', at(body, 'valor', 'original')));
    const expiracao = at(body, 'calendario', 'expiracao');
    if (typeof expiracao === 'number' && expiracao <= 0)
      problems.push('house: calendario.expiracao must be above 0');
  }
  if (route.template === '/pix/{e2eid}/devolucao/{id}' && route.method === 'put') {
    problems.push(...amount('valor', at(body, 'valor')));
  }
  if (route.template === '/pix' && exchange.query) {
    const { inicio, fim } = exchange.query;
    if (inicio !== undefined && fim !== undefined && Date.parse(fim) < Date.parse(inicio)) {
      problems.push('house: fim is before inicio (PixConsultaInvalida)');
    }
  }
  return problems;
}
