import { ownAccount, requestedRow } from '../../pipeline/record-requested.js';
import { countOperationState } from '../../../observability/operation-metrics.js';
import { transact, type Tx } from '../../../db/transact.js';
import { InsufficientFundsError, placeHold } from '../../../ledger/ledger.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { isId, newId } from '../../../lib/ids.js';
import {
  formatAmount,
  maxAmountMinor,
  parseAmount,
  requireAssetEnabled,
  type Asset,
} from '../../../lib/money.js';
import { formatRate } from '../../../lib/rate.js';
import { priceOrder, type OrderPrice, type Priced } from '../../../pricing/pricing.js';
import { parseAssets, type AccountRow } from '../../../modules/accounts/accounts.table.js';
import type { CompleteIdempotent } from '../../../modules/idempotency/idempotency.service.js';
import type { ExchangeDeps } from '../../operation-deps.js';
import { CANCELLED_BY_CUSTOMER, type OrderDetails } from './order.js';
import type { OrderBody } from './order.schema.js';
import { insufficientBalance, requireActive } from '../../pipeline/refusals.js';
import { operationViews } from '../../operation-view.js';
import { currentOrderPrice } from './order-pricing.js';
import { orderTerms } from './order-terms.js';
import {
  announce,
  completeOperation,
  failOperation,
  startProcessing,
} from '../../lifecycle/operations.lifecycle.js';
import {
  findOperation,
  findOperationById,
  insertOperation,
  insertState,
} from '../../operations.repository.js';
import type { Operation } from '../../operations.schemas.js';
import type { OperationRow } from '../../operations.table.js';

const refuse = (code: 'AMOUNT_TOO_SMALL' | 'AMOUNT_TOO_LARGE', detail: string) =>
  new AppError(code, { detail, errors: [{ pointer: '/amount', in: 'body', code, detail }] });
const invalidState = (detail: string) => new AppError('INVALID_STATE', { detail });

/** What `place` checked and will store. */
interface OrderPlan {
  row: OperationRow;
  details: OrderDetails;
  priced: OrderPrice;
}

/**
 * Buy and sell orders (docs/api.md "Orders"). A MARKET order fills in the request's transaction;
 * a LIMIT order holds what it may spend and stays PROCESSING until order-check.ts fills or
 * expires it, or the customer cancels it. Every refusal moves nothing and stores nothing.
 */
export class OrdersService {
  constructor(private readonly deps: ExchangeDeps) {}

  async place(
    customerId: string,
    input: OrderBody,
    complete: CompleteIdempotent,
  ): Promise<{ status: 201; body: Operation }> {
    const plan = await this.plan(customerId, input, this.deps.clock.now());
    try {
      const body = await transact(this.deps.db, (tx) => this.open(tx, plan, complete));
      return { status: 201, body };
    } catch (error) {
      if (!(error instanceof InsufficientFundsError)) throw error;
      const { asset, amount } = plan.priced.spend;
      throw insufficientBalance(
        `The available ${asset} balance does not cover ${formatAmount(amount, asset)} ${asset}.`,
      );
    }
  }

  /** Every check that only reads, in the order the API documents, then the row to store. */
  private async plan(customerId: string, input: OrderBody, now: number): Promise<OrderPlan> {
    const terms = orderTerms(input, now);
    const { side, baseAsset, quoteAsset } = input;
    const account = await ownAccount(this.deps.db, customerId, input.accountId);
    const assets = parseAssets(account);
    requireAssetEnabled(assets, baseAsset, account.id, '/baseAsset');
    requireAssetEnabled(assets, quoteAsset, account.id, '/quoteAsset');
    const amount = parseAmount(input.amount, baseAsset);
    requireBothActive(account, baseAsset, quoteAsset);
    const pair = { side, baseAsset, quoteAsset };
    const current = await currentOrderPrice(this.deps.rates, this.deps.db, pair, now);
    if (current === undefined) {
      throw new AppError('RATE_UNAVAILABLE', {
        detail: `No ${baseAsset}/${quoteAsset} rate is available now.`,
      });
    }
    const price = terms.limitPrice ?? current;
    const priced = checkPrice(priceOrder({ ...pair, amount, price, fee: this.deps.fees.ORDER }));
    const id = newId('operation', now);
    const details: OrderDetails = {
      side,
      orderType: input.type,
      baseAsset,
      quoteAsset,
      limitPrice: terms.limitPrice === null ? null : formatRate(terms.limitPrice),
      expiresAt: terms.expiresAt,
      executedPrice: terms.limitPrice === null ? formatRate(current) : null,
      notional: priced.notional,
      fees: priced.fees,
      holdId: terms.limitPrice === null ? null : newId('hold', now),
      description: input.description ?? null,
    };
    const row = requestedRow({
      id,
      customerId,
      accountId: account.id,
      type: 'ORDER',
      asset: baseAsset,
      amount,
      details,
      now,
    });
    return { row, details, priced };
  }

  /**
   * The request's transaction: the row first (docs/architecture.md "Write first, read after"),
   * the account checked again under the lock, REQUESTED (announced) → PROCESSING, then a MARKET
   * fill (COMPLETED, one journal from available) or a LIMIT hold and its first check. An
   * overdraft throws InsufficientFundsError and rolls all of it back.
   */
  private async open(tx: Tx, plan: OrderPlan, complete: CompleteIdempotent): Promise<Operation> {
    const { row, details, priced } = plan;
    const { id, created_at: now } = row;
    await insertOperation(tx.trx, row);
    const account = await ownAccount(tx.trx, row.customer_id, row.account_id);
    requireBothActive(account, details.baseAsset, details.quoteAsset);
    await insertState(tx.trx, id, 'REQUESTED', null, now, 0);
    countOperationState(tx, row.type, 'REQUESTED');
    await announce(tx, this.deps, row, 'OPERATION_REQUESTED', now);
    await startProcessing(tx, this.deps, id, now);
    if (details.holdId === null || details.expiresAt === null) {
      await completeOperation(tx, this.deps, id, now);
    } else {
      const hold = await placeHold(tx.trx, {
        holdId: details.holdId,
        accountId: row.account_id,
        asset: priced.spend.asset,
        amount: priced.spend.amount,
        operationId: id,
        description: `Limit order: ${details.side === 'BUY' ? 'buy' : 'sell'} ${details.baseAsset}`,
        at: now,
      });
      if (hold.kind === 'insufficient') {
        throw new InsufficientFundsError(row.account_id, priced.spend.asset);
      }
      const runAt = Math.min(now + this.deps.orderCheckIntervalMs, details.expiresAt);
      await this.deps.queue.enqueue(tx, [
        { kind: 'operation.order.check', queue: id, subjectId: id, runAt },
      ]);
    }
    const [view] = await operationViews(tx.trx, [(await findOperationById(tx.trx, id))!]);
    await complete(tx.trx, 201, view!);
    return view!;
  }

  /**
   * Cancels an open order: PROCESSING → FAILED CANCELLED_BY_CUSTOMER, hold released, in one
   * compare-and-set; of a cancel and a fill racing, exactly one moves it. Anything else → 409.
   */
  async cancel(customerId: string, operationId: string): Promise<Operation> {
    const row = isId('operation', operationId)
      ? await findOperation(this.deps.db, customerId, operationId)
      : undefined;
    if (!row) throw notFound('Operation', operationId);
    if (row.type !== 'ORDER') {
      throw invalidState(
        `Operation ${row.id} is a ${row.type}; only an open ORDER can be cancelled.`,
      );
    }
    return transact(this.deps.db, async (tx) => {
      const at = this.deps.clock.now();
      const moved = await failOperation(tx, this.deps, row.id, { ...CANCELLED_BY_CUSTOMER }, at);
      const current = (await findOperationById(tx.trx, row.id))!;
      if (!moved) {
        throw invalidState(
          `Order ${row.id} is ${current.status}; only an open order can be cancelled.`,
        );
      }
      const [view] = await operationViews(tx.trx, [current]);
      return view!;
    });
  }
}

function requireBothActive(account: AccountRow, base: Asset, quote: Asset): void {
  requireActive(account, base);
  requireActive(account, quote);
}

/** AMOUNT_TOO_SMALL / AMOUNT_TOO_LARGE, or the price with every amount within its asset's max. */
function checkPrice(priced: Priced<OrderPrice>): OrderPrice {
  if (priced.kind === 'too-small') {
    throw refuse('AMOUNT_TOO_SMALL', `The order is worth less than one minor unit after fees.`);
  }
  if (priced.kind === 'too-large' || priced.receive.amount > maxAmountMinor(priced.receive.asset)) {
    throw refuse(
      'AMOUNT_TOO_LARGE',
      'What the order costs or fetches is above the maximum per request.',
    );
  }
  return priced;
}
