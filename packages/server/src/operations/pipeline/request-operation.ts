import { transact } from '../../db/transact.js';
import { InsufficientFundsError, placeHold } from '../../ledger/index.js';
import { newId } from '../../lib/ids.js';
import type { CompleteIdempotent } from '../../modules/idempotency/index.js';
import { consumeQuote } from '../../modules/quotes/index.js';
import type { OperationType } from '../operation-states.js';
import type { OperationDeps } from '../operation-deps.js';
import { operationViews } from '../operation-view.js';
import { findOperationById, insertOperation } from '../operations.repository.js';
import type { Operation } from '../operations.schemas.js';
import { ownAccount, recordRequested, requestedRow } from './record-requested.js';
import { requireActive } from './refusals.js';
import type { AnyRequestSpec, OperationRequest } from './request-kind.js';

/**
 * The one way an operation is created, whatever its kind (docs/architecture.md "Operations"):
 *
 * 1. authorise: the account is the customer's (404 otherwise);
 * 2. draft: the kind validates, prices and says what to store and hold (reads only);
 * 3. one transaction, writes first (docs/architecture.md "Write first, read after"): the quote
 *    claimed, the row inserted, the account and the kind's rules checked again under the lock,
 *    REQUESTED recorded and announced (state row, event, the scheduler's next steps), the kind's
 *    own writes, and the hold last, so the contended balance row is locked only until commit;
 * 4. the idempotent answer recorded in the same transaction.
 *
 * Idempotency itself wraps this call (pipeline/request-route.ts). Any refusal throws an AppError
 * (pipeline/refusals.ts) and rolls everything back: nothing moves, nothing is announced, the
 * quote is usable again.
 */
export async function requestOperation(
  deps: OperationDeps,
  type: OperationType,
  spec: Pick<AnyRequestSpec, 'accountId' | 'draft'>,
  request: OperationRequest<unknown, unknown>,
  complete: CompleteIdempotent,
): Promise<{ status: 201; body: Operation }> {
  const { customerId } = request;
  const account = await ownAccount(deps.db, customerId, await spec.accountId(request, deps));
  const now = deps.clock.now();
  const id = newId('operation', now);
  const draft = await spec.draft({ ...request, deps, account, id, now });
  for (const asset of draft.activeAssets) requireActive(account, asset);
  const row = requestedRow({
    id,
    customerId,
    accountId: account.id,
    type,
    asset: draft.asset,
    amount: draft.amount,
    details: draft.details,
    now,
  });
  try {
    const body = await transact(deps.db, async (tx) => {
      if (draft.quoteId !== undefined) {
        const quote = { customerId, accountId: account.id, quoteId: draft.quoteId };
        await consumeQuote(tx.trx, { ...quote, operationId: id, now });
      }
      await insertOperation(tx.trx, row);
      // Read again after the first write (under SQLite's write lock, a share lock on
      // PostgreSQL): a freeze or an asset change committed since the first read refuses it.
      const current = await ownAccount(tx.trx, customerId, account.id);
      for (const asset of draft.activeAssets) requireActive(current, asset);
      await draft.recheck?.(tx);
      let view = await recordRequested(tx, deps, row);
      if ((await draft.afterRequested?.(tx, row)) === true) {
        view = (await operationViews(tx.trx, [(await findOperationById(tx.trx, id))!]))[0]!;
      }
      if (draft.hold) {
        const held = await placeHold(tx.trx, {
          ...draft.hold,
          accountId: account.id,
          operationId: id,
          at: now,
        });
        if (held.kind === 'insufficient') throw draft.insufficient();
      }
      await complete(tx.trx, 201, view);
      return view;
    });
    return { status: 201, body };
  } catch (error) {
    // A fill posted straight from the available balance (a MARKET order) refuses an overdraft
    // by throwing; it is the same refusal as a hold's.
    if (error instanceof InsufficientFundsError) throw draft.insufficient();
    throw error;
  }
}
