import { houseBalance } from '../../src/ledger/balances.repository.js';
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Asset } from '../../src/lib/money.js';
import type { ManualClock } from '../../src/lib/clock.js';
import { currentOrderPrice } from '../../src/operations/kinds/order/order-pricing.js';
import type { OrderSide } from '../../src/pricing/pricing.js';
import { sandboxRates } from '../../src/pricing/sandbox-rates.js';
import { getOperation, type OperationBody } from './operations.js';
import type { TestApp } from './test-app.js';
import { activeAccount } from './world.js';

/** What an ORDER operation adds to the common fields. */
export interface OrderOperationBody extends OperationBody {
  side: OrderSide;
  orderType: 'MARKET' | 'LIMIT';
  baseAsset: string;
  quoteAsset: string;
  limitPrice: string | null;
  expiresAt: string | null;
  executedPrice: string | null;
  notional: string;
  fees: { type: string; amount: string; asset: string }[];
  description: string | null;
}

export function postOrder(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: '/v1/operations/order', payload, headers });
}

export function cancelOrder(
  t: TestApp,
  token: string,
  id: string,
): Promise<LightMyRequestResponse> {
  return t.as(token, { method: 'POST', url: `/v1/operations/${id}/cancel` });
}

export async function placedOrder(
  t: TestApp,
  token: string,
  payload: Record<string, unknown>,
): Promise<OrderOperationBody> {
  const res = await postOrder(t, token, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OrderOperationBody>();
}

export const getOrder = (t: TestApp, token: string, id: string) =>
  getOperation(t, token, id) as Promise<OrderOperationBody>;

/** A sandbox account with BRL and USDT ACTIVE, funded with each of `funds` by a paid deposit. */
export function tradingAccount(
  t: TestApp,
  clock: ManualClock,
  token: string,
  funds: Partial<Record<Asset, string>>,
  assets: Asset[] = ['BRL', 'USDT'],
): Promise<string> {
  const fund = Object.entries(funds).map(([asset, amount]) => ({ asset, amount }));
  return activeAccount(t, clock, token, { assets, fund });
}

/** The sandbox order price (rate units) of a side at `at`, as the server computes it. */
export async function sandboxOrderPrice(
  side: OrderSide,
  baseAsset: Asset,
  quoteAsset: Asset,
  at: number,
): Promise<bigint> {
  // The sandbox source ignores its database argument.
  const price = await currentOrderPrice(
    sandboxRates,
    undefined as never,
    { side, baseAsset, quoteAsset },
    at,
  );
  return price!;
}

/** A system (or any) account's balance row, as numbers of minor units. */
export async function ledgerBalance(t: TestApp, accountId: string, asset: Asset) {
  // A house account is the sum of its rows (shards and spill, ledger/balances.repository.ts).
  if (accountId.startsWith('sys_')) return houseBalance(t.handle.db, accountId, asset);
  const row = await t.handle.db
    .selectFrom('ledger_balances')
    .select(['available', 'pending'])
    .where('account_id', '=', accountId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return { available: row?.available ?? 0n, pending: row?.pending ?? 0n };
}

/** The events recorded for one operation, oldest first, by type. */
export async function eventTypesOf(t: TestApp, operationId: string): Promise<string[]> {
  const rows = await t.handle.db
    .selectFrom('events')
    .select(['type', 'id'])
    .where('resource_id', '=', operationId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.type);
}
