import { expect } from 'vitest';
import { parseAmount, type Asset } from '../../src/lib/money.js';
import type { TestApp } from './test-app.js';

/** A quote as POST /v1/quotes answers it. */
export interface QuoteBody {
  id: string;
  accountId: string;
  sourceAsset: Asset;
  targetAsset: Asset;
  sourceAmount: string;
  targetAmount: string;
  effectiveRate: { value: string; base: string; quote: string };
  fees: { type: string; amount: string; asset: Asset }[];
  expiresAt: string;
  consumedAt: string | null;
  operationId: string | null;
}

/** A quote that must be granted (201). */
export async function createQuote(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<QuoteBody> {
  const res = await t.as(token, { method: 'POST', url: '/v1/quotes', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<QuoteBody>();
}

export async function getQuote(t: TestApp, token: string, id: string): Promise<QuoteBody> {
  const res = await t.as(token, { method: 'GET', url: `/v1/quotes/${id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuoteBody>();
}

/** The quote's figures in minor units: what the ledger must move. */
export function quoteMinor(q: QuoteBody) {
  const fees = q.fees.reduce((sum, f) => sum + parseAmount(f.amount, f.asset), 0n);
  const source = parseAmount(q.sourceAmount, q.sourceAsset);
  return {
    source,
    target: parseAmount(q.targetAmount, q.targetAsset),
    fees,
    converted: source - fees,
  };
}

/** Every house account's available (its shard rows summed), keyed `account:asset` (e.g. `sys_fees:BRL`). */
export async function systemBalances(t: TestApp): Promise<Map<string, bigint>> {
  const rows = await t.handle.db
    .selectFrom('ledger_balances')
    .select(['account_id', 'asset', 'available'])
    .where('kind', '=', 'SYSTEM')
    .execute();
  const sums = new Map<string, bigint>();
  for (const r of rows) {
    const key = `${houseAccountOf(r.account_id)}:${r.asset}`;
    sums.set(key, (sums.get(key) ?? 0n) + r.available);
  }
  return sums;
}

/** What changed in the system balances between two snapshots (rows that did not are left out). */
export function systemMoves(
  before: Map<string, bigint>,
  after: Map<string, bigint>,
): Record<string, bigint> {
  const moves: Record<string, bigint> = {};
  for (const [key, value] of after) {
    const delta = value - (before.get(key) ?? 0n);
    if (delta !== 0n) moves[key] = delta;
  }
  return moves;
}

/** The journals of an operation, oldest first, each with its entries as `account:asset:bucket` → signed amount. */
export async function journalsOf(t: TestApp, operationId: string) {
  const journals = await t.handle.db
    .selectFrom('ledger_journals')
    .select(['id', 'kind'])
    .where('operation_id', '=', operationId)
    .orderBy('id')
    .execute();
  const entries = await t.handle.db
    .selectFrom('ledger_entries')
    .select(['journal_id', 'account_id', 'asset', 'bucket', 'direction', 'amount'])
    .where('operation_id', '=', operationId)
    .execute();
  return journals.map((j) => {
    const moves: Record<string, bigint> = {};
    for (const e of entries.filter((x) => x.journal_id === j.id)) {
      const key = `${e.account_id.startsWith('sys_') ? houseAccountOf(e.account_id) : 'customer'}:${e.asset}:${e.bucket}`;
      moves[key] = (moves[key] ?? 0n) + (e.direction === 'CREDIT' ? e.amount : -e.amount);
    }
    return { kind: j.kind, moves };
  });
}

/** The event types recorded for a resource, oldest first. */
export async function eventTypesOf(t: TestApp, resourceId: string): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('events')
    .select('type')
    .where('resource_id', '=', resourceId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type);
}

/** The house account a balance row or entry belongs to: `sys_fees~5` (a shard, migration 0021) → `sys_fees`. */
export const houseAccountOf = (rowAccountId: string): string => rowAccountId.split('~')[0]!;
