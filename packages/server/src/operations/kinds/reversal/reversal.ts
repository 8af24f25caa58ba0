import { moneyJson } from '../../../lib/money-json.js';
import { postTransfer, type Posting, SYSTEM_ACCOUNTS } from '../../../ledger/index.js';
import type { Reason } from '../../operations.table.js';
import type { OperationRow } from '../../operations.table.js';
import type { OperationLifecycle } from '../operation-kind.js';
import { ReversalOperation } from './reversal.schema.js';
import { customerCredit, toClearing } from '../shared/legs.js';

/** What a reversal keeps: the operation it compensates, its type, and the operator's reason. */
export interface ReversalDetails {
  originalOperationId: string;
  originalType: 'DEPOSIT' | 'WITHDRAWAL';
  reason: Reason;
}

/** Its details' JSON: every money key of ReversalDetails, declared (the compiler asks for a new one). */
export const REVERSAL_DETAILS = moneyJson<ReversalDetails>({});

export const parseReversal = (details: string): ReversalDetails => REVERSAL_DETAILS.parse(details);

/**
 * The reversal's journal, the original's run backwards through the rail (`sys_clearing`): a
 * deposit's money goes back out of the customer's available, a withdrawal's comes back into it.
 * A withdrawal's fees stay charged: only what went through the rail returns.
 */
export function reversalPostings(row: OperationRow): Posting[] {
  const { originalType } = parseReversal(row.details);
  if (originalType === 'WITHDRAWAL') {
    const fromClearing: Posting = {
      accountId: SYSTEM_ACCOUNTS.clearing,
      asset: row.asset,
      bucket: 'AVAILABLE',
      direction: 'DEBIT',
      amount: row.amount,
    };
    return [fromClearing, customerCredit(row.account_id, row.asset, row.amount)];
  }
  const fromCustomer: Posting = {
    accountId: row.account_id,
    asset: row.asset,
    bucket: 'AVAILABLE',
    direction: 'DEBIT',
    amount: row.amount,
  };
  return [fromCustomer, toClearing(row.asset, row.amount)];
}

export const reversalLifecycle: OperationLifecycle<'REVERSAL', typeof ReversalOperation> = {
  type: 'REVERSAL',
  settlement: 'own',
  schema: ReversalOperation,
  details: REVERSAL_DETAILS,
  view(row) {
    const { originalOperationId, originalType, reason } = parseReversal(row.details);
    return { originalOperationId, originalType, reversalReason: reason };
  },
  processing: () => undefined,
  // One journal; a deposit's reversal that the available balance does not cover throws
  // InsufficientFundsError and rolls the whole back-office action back (reverse-operation.ts).
  async completed(tx, row, at) {
    await postTransfer(tx.trx, {
      kind: 'REVERSAL',
      postings: reversalPostings(row),
      operationId: row.id,
      description: `Reversal of ${parseReversal(row.details).originalOperationId}`,
      at,
    });
  },
  // A reversal completes in the transaction that creates it: it never fails.
  failed: () => Promise.resolve(),
};
