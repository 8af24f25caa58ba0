import { transact } from '../../db/transact.js';
import { notFound } from '../../lib/errors.js';
import { InsufficientFundsError, placeHold } from '../../ledger/index.js';
import { newId } from '../../lib/ids.js';
import { mergeMetadata, parseMetadata } from '../../lib/metadata.js';
import { writeMetadataEntries } from '../../db/metadata-entries.js';
import type { CompleteIdempotent } from '../../modules/idempotency/index.js';
import { consumeQuote } from '../../modules/quotes/index.js';
import type { OperationType } from '../operation-states.js';
import type { OperationDeps } from '../operation-deps.js';
import { operationViews } from '../operation-view.js';
import {
  findOperationByExternalReference,
  findOperationById,
  insertOperationWithState,
} from '../operations.repository.js';
import type { Operation } from '../operations.schemas.js';
import { externalReferenceConflict, refuseTakenReference } from './external-reference.js';
import { completeOperation, startProcessing } from '../lifecycle/operations.lifecycle.js';
import { ownAccount } from './own-account.js';
import { recordRequested, requestedRow } from './record-requested.js';
import { requireActive } from './refusals.js';
import type { AnyRequestSpec, OperationRequest } from './request-kind.js';

/**
 * The one way an operation is created, whatever its kind (docs/architecture.md "Operations"):
 *
 * 1. the external reference, when given, is not another operation's (409 otherwise);
 * 2. authorise: the account is the customer's (404 otherwise);
 * 3. draft: the kind validates, prices and says what to store and hold (reads only);
 * 4. one transaction, writes first (docs/architecture.md "Write first, read after"): the quote
 *    claimed, the row inserted (the unique index on the external reference decides a race), the
 *    account and the kind's rules checked again under the lock, REQUESTED recorded and announced
 *    (state row, event, the scheduler's next steps), the kind's own writes, the idempotent answer,
 *    and the hold last, so the contended balance row is locked only for its statement and the
 *    commit.
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
  const now = deps.clock.now();
  const id = newId('operation', now);
  const create = () => createOperation(deps, type, spec, request, complete, id, now);
  const reference = request.externalReference;
  if (reference === undefined) return create();
  await refuseTakenReference(deps.db, request.customerId, reference);
  try {
    return await create();
  } catch (error) {
    // Whatever refused this request (the unique index, or a quote or balance the other request
    // took first), when another operation now has the reference, that is the answer: two
    // requests racing with one reference end in one 201 and one 409, never in another refusal.
    const taken = await findOperationByExternalReference(deps.db, request.customerId, reference)
      // A read that fails too (the database went away) leaves the first error to answer.
      .catch(() => undefined);
    if (taken && taken.id !== id) throw externalReferenceConflict(reference, taken.id);
    throw error;
  }
}

async function createOperation(
  deps: OperationDeps,
  type: OperationType,
  spec: Pick<AnyRequestSpec, 'accountId' | 'draft'>,
  request: OperationRequest<unknown, unknown>,
  complete: CompleteIdempotent,
  id: string,
  now: number,
): Promise<{ status: 201; body: Operation }> {
  const { customerId } = request;
  const account = await ownAccount(deps.db, request, await spec.accountId(request, deps));
  const draft = await spec.draft({ ...request, deps, account, id, now });
  for (const asset of draft.activeAssets) requireActive(account, asset);
  // An operation's metadata starts as its account's, the request's merged on top (docs/api.md
  // "Metadata"): the request's keys win, "" removes a copied key, the result is held to the limits.
  const metadata = mergeMetadata(parseMetadata(account.metadata), request.metadata);
  const row = requestedRow({
    id,
    customerId,
    accountId: account.id,
    type,
    asset: draft.asset,
    amount: draft.amount,
    details: draft.details,
    counterpartyAccountId: draft.counterpartyAccountId,
    metadata,
    externalReference: request.externalReference ?? null,
    now,
  });
  try {
    const body = await transact(deps.db, async (tx) => {
      if (draft.quoteId !== undefined) {
        const quote = { customerId, accountId: account.id, quoteId: draft.quoteId };
        await consumeQuote(tx.trx, { ...quote, operationId: id, now });
      }
      // With its REQUESTED history row, and the account read again after this first write
      // (under SQLite's write lock): a freeze or an asset change committed since the first read
      // refuses it. One statement on PostgreSQL.
      const current = await insertOperationWithState(tx.trx, row);
      if (!current) throw notFound('Account', account.id);
      if (Object.keys(metadata).length > 0) {
        const createdAt = row.created_at;
        const owner = { resource: 'operations' as const, resourceId: id, customerId, createdAt };
        await writeMetadataEntries(tx.trx, owner, metadata);
      }
      for (const asset of draft.activeAssets) requireActive(current, asset);
      await draft.recheck?.(tx);
      let view = await recordRequested(tx, deps, row, true);
      // Taken at once (a transfer, an order): the lifecycle moves it, the kind's money included.
      if (draft.moves !== undefined) {
        await startProcessing(tx, deps, id, now);
        if (draft.moves === 'COMPLETED') await completeOperation(tx, deps, id, now);
      }
      await draft.afterRequested?.(tx, row);
      if (draft.moves !== undefined) {
        view = (await operationViews(tx.trx, [(await findOperationById(tx.trx, id))!]))[0]!;
      }
      // The idempotent answer before the hold: the hold is the last statement, so the contended
      // balance row stays locked for it and the commit only (a refused hold rolls this back too).
      await complete(tx.trx, 201, view);
      if (draft.hold) {
        await placeHold(tx.trx, { ...draft.hold, accountId: account.id, operationId: id, at: now });
      }
      return view;
    });
    return { status: 201, body };
  } catch (error) {
    // The ledger refuses an overdraft one way, a hold's and a fill's posted straight from the
    // available balance (a MARKET order) alike: InsufficientFundsError, answered here.
    if (error instanceof InsufficientFundsError) throw draft.insufficient();
    throw error;
  }
}
