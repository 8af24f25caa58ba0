import { AppError } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import {
  formatAmount,
  maxAmountMinor,
  parseAmount,
  requireAssetEnabled,
} from '../../../lib/money.js';
import { formatRate } from '../../../lib/rate.js';
import { parseAssets } from '../../../modules/accounts/index.js';
import { priceOrder, type OrderPrice, type Priced } from '../../../pricing/index.js';
import { insufficientBalance, refuse, requireActive } from '../../pipeline/refusals.js';
import { defineRequest } from '../../pipeline/request-kind.js';
import type { OrderDetails } from './order.js';
import { OrderBody } from './order.schema.js';
import { currentOrderPrice } from './order-pricing.js';
import { orderTerms } from './order-terms.js';

/**
 * Buy and sell orders (docs/api.md "Orders"). A MARKET order fills in the request's transaction
 * (REQUESTED → PROCESSING → COMPLETED, one journal from available); a LIMIT order holds what it
 * may spend and stays PROCESSING until order-check.ts fills or expires it, or the customer
 * cancels it (order-cancel.ts). Every refusal moves nothing and stores nothing.
 */
export const orderRequest = defineRequest({
  path: '/v1/operations/order',
  body: OrderBody,
  summary: 'Place a MARKET or LIMIT order to buy or sell a base asset for a quote asset',
  description:
    'MARKET fills at once at the current price: the operation is COMPLETED in the answer. LIMIT holds what it may spend (BUY: notional + fee in the quote asset at limitPrice; SELL: the base amount) and stays PROCESSING until the price reaches limitPrice (it fills at limitPrice), it expires (FAILED ORDER_EXPIRED) or it is cancelled. Refused with nothing moved: 422 INSUFFICIENT_BALANCE, BALANCE_LIMIT_EXCEEDED (what it buys would take a balance above its maximum; a LIMIT order that would fails with it), RATE_UNAVAILABLE, AMOUNT_TOO_SMALL, ACCOUNT_NOT_ACTIVE, ASSET_NOT_ENABLED. Accepts `Idempotency-Key` (docs/api.md "Orders").',
  attachValidation: true,
  accountId: ({ body }) => body.accountId,
  async draft({ deps, account, body, id, now }) {
    const terms = orderTerms(body, now);
    const { side, baseAsset, quoteAsset } = body;
    const assets = parseAssets(account);
    requireAssetEnabled(assets, baseAsset, account.id, '/baseAsset');
    requireAssetEnabled(assets, quoteAsset, account.id, '/quoteAsset');
    const amount = parseAmount(body.amount, baseAsset);
    requireActive(account, baseAsset);
    requireActive(account, quoteAsset);
    const pair = { side, baseAsset, quoteAsset };
    const current = await currentOrderPrice(deps.rates, deps.db, pair, now);
    if (current === undefined) {
      throw new AppError('RATE_UNAVAILABLE', {
        detail: `No ${baseAsset}/${quoteAsset} rate is available now.`,
      });
    }
    const price = terms.limitPrice ?? current;
    const priced = checkPrice(priceOrder({ ...pair, amount, price, fee: deps.fees.ORDER }));
    const limit = terms.limitPrice !== null && terms.expiresAt !== null;
    const details: OrderDetails = {
      side,
      orderType: body.type,
      baseAsset,
      quoteAsset,
      limitPrice: terms.limitPrice === null ? null : formatRate(terms.limitPrice),
      expiresAt: terms.expiresAt,
      executedPrice: terms.limitPrice === null ? formatRate(current) : null,
      notional: priced.notional,
      fees: priced.fees,
      holdId: limit ? newId('hold', now) : null,
      description: body.description ?? null,
    };
    const { asset: spent, amount: spend } = priced.spend;
    return {
      asset: baseAsset,
      amount,
      details,
      activeAssets: [baseAsset, quoteAsset],
      // Taken at once: a MARKET order fills here; a LIMIT order is PROCESSING, checked on a timer.
      moves: limit ? 'PROCESSING' : 'COMPLETED',
      ...(limit
        ? {
            afterRequested: async (tx) => {
              const runAt = Math.min(now + deps.orderCheckIntervalMs, terms.expiresAt!);
              await deps.queue.enqueue(tx, [
                { kind: 'operation.order.check', queue: id, subjectId: id, runAt },
              ]);
            },
          }
        : {}),
      ...(limit
        ? {
            hold: {
              holdId: details.holdId!,
              asset: spent,
              amount: spend,
              description: `Limit order: ${side === 'BUY' ? 'buy' : 'sell'} ${baseAsset}`,
            },
          }
        : {}),
      insufficient: () =>
        insufficientBalance(
          `The available ${spent} balance does not cover ${formatAmount(spend, spent)} ${spent}.`,
        ),
    };
  },
});

/** AMOUNT_TOO_SMALL / AMOUNT_TOO_LARGE, or the price with every amount within its asset's max. */
function checkPrice(priced: Priced<OrderPrice>): OrderPrice {
  if (priced.kind === 'too-small') {
    throw refuse(
      'AMOUNT_TOO_SMALL',
      `The order is worth less than one minor unit after fees.`,
      '/amount',
    );
  }
  if (priced.kind === 'too-large' || priced.receive.amount > maxAmountMinor(priced.receive.asset)) {
    throw refuse(
      'AMOUNT_TOO_LARGE',
      'What the order costs or fetches is above the maximum per request.',
      '/amount',
    );
  }
  return priced;
}
