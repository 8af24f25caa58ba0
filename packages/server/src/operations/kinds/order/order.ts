import { moneyJson, stringifyMoneyJson } from '../../../lib/money-json.js';
import { captureHoldInto, postTransfer, releaseHold } from '../../../ledger/index.js';
import { toIso } from '../../../lib/clock.js';
import { formatAmount, type Asset } from '../../../lib/money.js';
import type { FeeLine, OrderSide } from '../../../pricing/index.js';
import { limitPostings, marketPostings, type OrderFill } from './order-legs.js';
import type { OperationRow } from '../../operations.table.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { OrderOperation } from './order.schema.js';

import type { OrderType } from './order.schema.js';

export { ORDER_TYPES, type OrderType } from './order.schema.js';

/**
 * What an order keeps (the row's asset and amount are the base asset and amount). `notional` and
 * `fees` are what a fill moves: for MARKET at `executedPrice`, for an open LIMIT at `limitPrice`
 * (what its hold covers). Rates are decimal strings (lib/rate.ts), times ms.
 */
export interface OrderDetails {
  side: OrderSide;
  orderType: OrderType;
  baseAsset: Asset;
  quoteAsset: Asset;
  limitPrice: string | null;
  expiresAt: number | null;
  /** The price it filled at, once COMPLETED (a LIMIT fills at its limitPrice). */
  executedPrice: string | null;
  /** Minor units of the quote asset. */
  notional: bigint;
  fees: FeeLine[];
  holdId: string | null;
  description: string | null;
}

export const ORDER_EXPIRED = {
  code: 'ORDER_EXPIRED',
  message: 'The limit price was not reached before the order expired.',
} as const;

export const CANCELLED_BY_CUSTOMER = {
  code: 'CANCELLED_BY_CUSTOMER',
  message: 'The customer cancelled the order.',
} as const;

/** Its details' JSON: every money key of OrderDetails, declared (the compiler asks for a new one). */
export const ORDER_DETAILS = moneyJson<OrderDetails>({ amount: true, notional: true });

export const parseOrder = (details: string): OrderDetails => ORDER_DETAILS.parse(details);

const fillOf = (row: OperationRow, d: OrderDetails): OrderFill => ({
  accountId: row.account_id,
  side: d.side,
  baseAsset: d.baseAsset,
  quoteAsset: d.quoteAsset,
  amount: row.amount,
  notional: d.notional,
  fees: d.fees,
});

export const orderLifecycle: OperationLifecycle<'ORDER', typeof OrderOperation> = {
  type: 'ORDER',
  settlement: 'own',
  schema: OrderOperation,
  details: ORDER_DETAILS,
  view(row) {
    const d = parseOrder(row.details);
    return {
      side: d.side,
      orderType: d.orderType,
      baseAsset: d.baseAsset,
      quoteAsset: d.quoteAsset,
      limitPrice: d.limitPrice,
      expiresAt: d.expiresAt === null ? null : toIso(d.expiresAt),
      executedPrice: d.executedPrice,
      notional: formatAmount(d.notional, d.quoteAsset),
      description: d.description,
    };
  },
  processing: () => undefined,
  // The fill, one journal: a MARKET order straight from available (InsufficientFundsError rolls
  // the request back); a LIMIT order out of its hold at limitPrice, exactly once (the hold's
  // compare-and-set backs the operation's).
  async completed(tx, row, at) {
    const d = parseOrder(row.details);
    const fill = fillOf(row, d);
    const description = `${d.side === 'BUY' ? 'Buy' : 'Sell'} ${formatAmount(row.amount, d.baseAsset)} ${d.baseAsset}`;
    if (d.holdId === null) {
      await postTransfer(tx.trx, {
        kind: 'EXCHANGE',
        postings: marketPostings(fill),
        operationId: row.id,
        description,
        at,
      });
      return;
    }
    const captured = await captureHoldInto(tx.trx, {
      holdId: d.holdId,
      at,
      kind: 'EXCHANGE',
      description,
      legs: (hold) => limitPostings(fill, hold.amount),
    });
    if (!captured) throw new Error(`order ${row.id}: hold ${d.holdId} was already settled`);
    const filled: OrderDetails = { ...d, executedPrice: d.limitPrice };
    await tx.trx
      .updateTable('operations')
      .set({ details: stringifyMoneyJson(filled) })
      .where('id', '=', row.id)
      .execute();
  },
  // An open LIMIT order's hold comes back to available, exactly once. A MARKET order never fails
  // once stored (it is COMPLETED in the request that made it).
  async failed(tx, row, at) {
    const { holdId } = parseOrder(row.details);
    if (holdId === null) return;
    await releaseHold(tx.trx, { holdId, at, description: 'Order closed: hold released' });
  },
};
