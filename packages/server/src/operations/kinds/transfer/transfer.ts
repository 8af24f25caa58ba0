import { moneyJson } from '../../../lib/money-json.js';
import { postTransfer, transfer, type Posting } from '../../../ledger/index.js';
import { formatAmount, type Asset } from '../../../lib/money.js';
import type { FeeLine } from '../../../pricing/index.js';
import type { OperationRow } from '../../operations.table.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { TransferOperation } from './transfer.schema.js';
import { conversionView, type ConversionDetails } from '../shared/conversion.js';
import { customerCredit, exchangePostings, feePostings } from '../shared/legs.js';

/**
 * What a transfer keeps besides its row (whose account, asset and amount are the source side:
 * what leaves `accountId`): the destination, what it is credited, and the quote's terms when it
 * converts on the way.
 */
export interface TransferDetails {
  /** Another account of the same customer. */
  destinationAccountId: string;
  destinationAsset: Asset;
  /** Minor units of destinationAsset credited: the amount itself, or the quote's target. */
  destinationAmount: bigint;
  description: string | null;
  /** The quote's fee lines (source asset); none for a same-asset transfer. */
  fees: FeeLine[];
  conversion?: ConversionDetails;
}

/** Its details' JSON: every money key of TransferDetails, declared (the compiler asks for a new one). */
export const TRANSFER_DETAILS = moneyJson<TransferDetails>({
  destinationAmount: true,
  amount: true,
  sourceAmount: true,
  targetAmount: true,
  convertedAmount: true,
});

export const parseTransfer = (details: string): TransferDetails => TRANSFER_DETAILS.parse(details);

/**
 * The one journal of a transfer, every leg on an AVAILABLE bucket: same asset, the source
 * debited and the destination credited the amount; with a quote, the source debited the quote's
 * source amount, each fee line to `sys_fees`, the desk (`sys_exchange`) taking the converted part
 * and paying out the target, the destination credited the target. Balanced per asset by
 * construction (planJournal refuses otherwise).
 */
export function transferPostings(row: OperationRow, d: TransferDetails): Posting[] {
  const source = { accountId: row.account_id, bucket: 'AVAILABLE' as const };
  const destination = { accountId: d.destinationAccountId, bucket: 'AVAILABLE' as const };
  const c = d.conversion;
  if (!c) return transfer(row.amount, row.asset, source, destination);
  return [
    { ...source, asset: c.sourceAsset, direction: 'DEBIT', amount: c.sourceAmount },
    ...feePostings(c.fees),
    ...exchangePostings(c),
    customerCredit(d.destinationAccountId, c.targetAsset, c.targetAmount),
  ];
}

const journalDescription = (row: OperationRow, d: TransferDetails): string =>
  d.description ??
  `Transfer ${row.account_id} → ${d.destinationAccountId}` +
    (d.conversion ? ` (${d.conversion.sourceAsset} → ${d.conversion.targetAsset})` : '');

export const transferLifecycle: OperationLifecycle<'TRANSFER', typeof TransferOperation> = {
  type: 'TRANSFER',
  settlement: 'own',
  schema: TransferOperation,
  details: TRANSFER_DETAILS,
  view(row) {
    const d = parseTransfer(row.details);
    return {
      destinationAccountId: d.destinationAccountId,
      destinationAsset: d.destinationAsset,
      destinationAmount: formatAmount(d.destinationAmount, d.destinationAsset),
      ...conversionView(d.conversion),
      description: d.description,
    };
  },
  processing: () => undefined,
  // Straight from available, in the request's transaction (transfer.request.ts): an overdraft
  // throws InsufficientFundsError and a destination over its maximum BalanceLimitError, and
  // either rolls the whole request back.
  async completed(tx, row, at) {
    const d = parseTransfer(row.details);
    await postTransfer(tx.trx, {
      kind: 'TRANSFER',
      postings: transferPostings(row, d),
      operationId: row.id,
      description: journalDescription(row, d),
      at,
    });
  },
  // Never reached: a transfer is COMPLETED in the request that creates it, or not created.
  failed: async () => {},
};
