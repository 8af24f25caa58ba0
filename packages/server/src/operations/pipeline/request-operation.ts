import type { Db } from '../../db/database.js';
import { transact, type Tx } from '../../db/transact.js';
import { notFound } from '../../lib/errors.js';
import { InsufficientFundsError, placeHold } from '../../ledger/index.js';
import { newId } from '../../lib/ids.js';
import { mergeMetadata, parseMetadata, type Metadata } from '../../lib/metadata.js';
import type { AccountRow } from '../../modules/accounts/index.js';
import { writeMetadataEntries } from '../../db/metadata-entries.js';
import type { IdempotentSteps } from '../../modules/idempotency/index.js';
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
import type { OperationRow } from '../operations.table.js';
import { externalReferenceConflict, refuseTakenReference } from './external-reference.js';
import { completeOperation, startProcessing } from '../lifecycle/operations.lifecycle.js';
import { ownAccount } from './own-account.js';
import { recordRequested, requestedRow } from './record-requested.js';
import { requireActive } from './refusals.js';
import type { AnyRequestSpec, OperationDraft, OperationRequest } from './request-kind.js';

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
 * A kind whose draft reads only the database (`draftsInTransaction`) runs 2 to 4 in the one
 * transaction instead, its key claimed first (`steps.claim`), and reads everything once.
 *
 * Idempotency itself wraps this call (pipeline/request-route.ts). Any refusal throws an AppError
 * (pipeline/refusals.ts) and rolls everything back: nothing moves, nothing is announced, the
 * quote is usable again.
 */
export async function requestOperation(
  deps: OperationDeps,
  type: OperationType,
  spec: Pick<AnyRequestSpec, 'accountId' | 'draft' | 'draftsInTransaction'>,
  request: OperationRequest<unknown, unknown>,
  steps: IdempotentSteps,
): Promise<{ status: 201; body: Operation }> {
  const now = deps.clock.now();
  const id = newId('operation', now);
  const create = () => createOperation(deps, spec, { type, request, id, now }, steps);
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

/** The new operation's identity: what it is, whose request, its id and time. */
interface Made {
  type: OperationType;
  request: OperationRequest<unknown, unknown>;
  id: string;
  now: number;
}

/** The account, the kind's draft and the row to insert, from reads on `deps.db`. */
interface Drafted {
  account: AccountRow;
  draft: OperationDraft;
  metadata: Metadata;
  row: OperationRow;
}

async function createOperation(
  deps: OperationDeps,
  spec: Pick<AnyRequestSpec, 'accountId' | 'draft' | 'draftsInTransaction'>,
  made: Made,
  steps: IdempotentSteps,
): Promise<{ status: 201; body: Operation }> {
  // Filled in as soon as the draft exists, so an overdraft can be answered in its terms.
  let draft: OperationDraft | undefined;
  const drafting = async (db: Db) => {
    const drafted = await draftOf({ ...deps, db }, spec, made);
    draft = drafted.draft;
    return drafted;
  };
  try {
    if (spec.draftsInTransaction) {
      // The whole request in one transaction, its key claimed first: the account and the
      // kind's reads are made once, on the transaction (the draft's deps.db is it), after
      // SQLite's BEGIN IMMEDIATE has taken the write lock (PostgreSQL: the reads take the row
      // locks the kind asks for), so nothing needs reading again before the writes.
      const body = await transact(
        deps.db,
        async (tx) => {
          await steps.claim(tx.trx);
          return write(tx, deps, made, await drafting(tx.trx), steps, true);
        },
        { readsToWrite: true },
      );
      return { status: 201, body };
    }
    const drafted = await drafting(deps.db);
    const body = await transact(deps.db, async (tx) => {
      await steps.claim(tx.trx);
      return write(tx, deps, made, drafted, steps, false);
    });
    return { status: 201, body };
  } catch (error) {
    // The ledger refuses an overdraft one way, a hold's and a fill's posted straight from the
    // available balance (a MARKET order) alike: InsufficientFundsError, answered here.
    if (error instanceof InsufficientFundsError && draft) throw draft.insufficient();
    throw error;
  }
}

/** Authorise, then the kind's draft (reads only), then the row it makes. */
async function draftOf(
  deps: OperationDeps,
  spec: Pick<AnyRequestSpec, 'accountId' | 'draft'>,
  { type, request, id, now }: Made,
): Promise<Drafted> {
  const account = await ownAccount(deps.db, request, await spec.accountId(request, deps));
  const draft = await spec.draft({ ...request, deps, account, id, now });
  for (const asset of draft.activeAssets) requireActive(account, asset);
  // An operation's metadata starts as its account's, the request's merged on top (docs/api.md
  // "Metadata"): the request's keys win, "" removes a copied key, the result is held to the limits.
  const metadata = mergeMetadata(parseMetadata(account.metadata), request.metadata);
  const row = requestedRow({
    id,
    customerId: request.customerId,
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
  return { account, draft, metadata, row };
}

/**
 * The transaction's writes, in the order requestOperation describes. `readHere`: the account
 * and the draft were read in this transaction, so the account is not read again and the kind's
 * `recheck` is not run.
 */
async function write(
  tx: Tx,
  deps: OperationDeps,
  { request, id, now }: Made,
  { account, draft, metadata, row }: Drafted,
  steps: IdempotentSteps,
  readHere: boolean,
): Promise<Operation> {
  const { customerId } = request;
  if (draft.quoteId !== undefined) {
    const quote = { customerId, accountId: account.id, quoteId: draft.quoteId };
    await consumeQuote(tx.trx, { ...quote, operationId: id, now });
  }
  // With its REQUESTED history row, and, unless read in this transaction already, the account
  // read again after this first write (under SQLite's write lock): a freeze or an asset change
  // committed since the first read refuses it. One statement on PostgreSQL.
  const current = await insertOperationWithState(tx.trx, row, readHere ? account : undefined);
  if (!current) throw notFound('Account', account.id);
  if (Object.keys(metadata).length > 0) {
    const owner = { resource: 'operations' as const, resourceId: id, customerId, createdAt: now };
    await writeMetadataEntries(tx.trx, owner, metadata);
  }
  for (const asset of draft.activeAssets) requireActive(current, asset);
  if (!readHere) await draft.recheck?.(tx);
  // The jobs this makes (the event's fan-out, the scheduler's next steps, the kind's own: a
  // deposit's expiry) are written together, in one statement, when it ends.
  let view = await deps.queue.together(tx, async (tx) => {
    const requested = await recordRequested(tx, deps, row, true);
    // Taken at once (a transfer, an order): the lifecycle moves it, the kind's money included.
    if (draft.moves !== undefined) {
      await startProcessing(tx, deps, id, now);
      if (draft.moves === 'COMPLETED') await completeOperation(tx, deps, id, now);
    }
    await draft.afterRequested?.(tx, row);
    return requested;
  });
  if (draft.moves !== undefined) {
    view = (await operationViews(tx.trx, [(await findOperationById(tx.trx, id))!]))[0]!;
  }
  // The idempotent answer before the hold: the hold is the last statement, so the contended
  // balance row stays locked for it and the commit only (a refused hold rolls this back too).
  await steps.complete(tx.trx, 201, view);
  if (draft.hold) {
    await placeHold(tx.trx, { ...draft.hold, accountId: account.id, operationId: id, at: now });
  }
  return view;
}
