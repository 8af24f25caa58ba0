import { moneyJson, stringifyMoneyJson } from '../../../lib/money-json.js';
import { dialectOf } from '../../../db/dialect.js';
import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import { formatAmount } from '../../../lib/money.js';
import { refuse } from '../../pipeline/refusals.js';
import { statesOf } from '../../operations.repository.js';
import type { OperationRow } from '../../operations.table.js';
import { parseDeposit } from '../deposit/deposit.js';

/** The Central Bank's rule: a PIX deposit can be returned up to 90 days after it arrived. */
export const REFUND_WINDOW_MS = 90 * 24 * 60 * 60_000;

/** What the original deposit keeps about refunds and reversals, besides its own details. */
export interface RefundTrail {
  /** Minor units refunded so far: refunds COMPLETED or in flight (a FAILED one gives it back). */
  refundedAmount?: bigint;
  /** The REVERSAL operation that reversed it (kinds/reversal). */
  reversedBy?: string;
}

/** The trail's JSON, read from the original's details. */
export const REFUND_TRAIL = moneyJson<RefundTrail>({ refundedAmount: true });

const notRefundable = (detail: string) =>
  refuse('OPERATION_NOT_REFUNDABLE', detail, '/operationId', 'path');

/**
 * What of this deposit may still be refunded, or the refusal: it must be a COMPLETED BRL deposit
 * received by PIX, not converted, not reversed, completed at most REFUND_WINDOW_MS ago.
 */
export async function refundableOf(
  db: Db,
  original: OperationRow,
  now: number,
): Promise<{ received: bigint; refunded: bigint; remaining: bigint }> {
  const id = original.id;
  if (original.type !== 'DEPOSIT') {
    throw notRefundable(
      `Operation ${id} is a ${original.type}; only a deposit received by PIX can be refunded.`,
    );
  }
  const deposit = parseDeposit(original.details);
  const trail = REFUND_TRAIL.parse(original.details);
  if (deposit.fundingInstruction.rail !== 'PIX' || original.asset !== 'BRL') {
    throw notRefundable(`Deposit ${id} was not received by PIX; only PIX deposits are refunded.`);
  }
  if (deposit.conversion) {
    throw notRefundable(
      `Deposit ${id} was converted into ${deposit.conversion.targetAsset} at a quote; a converted deposit cannot be refunded.`,
    );
  }
  if (original.status !== 'COMPLETED') {
    throw notRefundable(`Deposit ${id} is ${original.status}; only a COMPLETED one is refunded.`);
  }
  if (trail.reversedBy !== undefined) {
    throw notRefundable(`Deposit ${id} was reversed by ${trail.reversedBy}.`);
  }
  const completed = (await statesOf(db, [id])).find((s) => s.status === 'COMPLETED');
  const completedAt = completed?.at ?? original.updated_at;
  if (now > completedAt + REFUND_WINDOW_MS) {
    throw refuse(
      'REFUND_WINDOW_EXPIRED',
      `Deposit ${id} completed more than 90 days ago (${new Date(completedAt).toISOString()}); it can no longer be refunded.`,
      '/operationId',
      'path',
    );
  }
  const received = deposit.receivedAmount ?? original.amount;
  const refunded = trail.refundedAmount ?? 0n;
  return { received, refunded, remaining: received - refunded };
}

/** 422 REFUND_AMOUNT_EXCEEDED unless `amount` fits in what remains. */
export function checkRefundAmount(id: string, amount: bigint, remaining: bigint): void {
  if (remaining <= 0) {
    throw refuse('REFUND_AMOUNT_EXCEEDED', `Deposit ${id} has nothing left to refund.`, '/amount');
  }
  if (amount > remaining) {
    throw refuse(
      'REFUND_AMOUNT_EXCEEDED',
      `Deposit ${id} has ${formatAmount(remaining, 'BRL')} BRL left to refund; ${formatAmount(amount, 'BRL')} was asked.`,
      '/amount',
    );
  }
}

/**
 * The original operation, its row locked until commit (PostgreSQL: FOR UPDATE; SQLite: the
 * caller's transaction has written already, so it holds the one write lock). Every change of
 * its refund trail goes through here, so two refunds (or a refund and a reversal) of one
 * deposit are serialised on its row and the second sees the first's total.
 */
export function lockOriginal(trx: Trx, id: string): Promise<OperationRow | undefined> {
  const query = trx.selectFrom('operations').selectAll().where('id', '=', id);
  return dialectOf(trx).forUpdate(query).executeTakeFirst();
}

/** Writes the original's trail (under lockOriginal's lock), keeping its own details as they are. */
export async function writeTrail(
  trx: Trx,
  original: OperationRow,
  trail: RefundTrail,
  at: number,
): Promise<void> {
  // Its own details as stored: a money key left a decimal string is written back as the same
  // string (stringifyMoneyJson writes bigints that way), so nothing of them needs reading.
  const details = { ...(JSON.parse(original.details) as object), ...trail };
  await trx
    .updateTable('operations')
    .set({ details: stringifyMoneyJson(details), updated_at: Math.max(at, original.updated_at) })
    .where('id', '=', original.id)
    .execute();
}
