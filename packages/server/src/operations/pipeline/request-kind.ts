import type { Metadata } from '../../lib/metadata.js';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Tx } from '../../db/transact.js';
import type { AppError } from '../../lib/errors.js';
import type { Asset } from '../../lib/money.js';
import type { Owner } from '../../lib/owner.js';
import type { AccountRow } from '../../modules/accounts/index.js';
import type { OperationDeps } from '../operation-deps.js';
import type { OperationRow } from '../operations.table.js';

/** A creating request as the pipeline receives it: whose, the validated body and path params. */
export interface OperationRequest<Body, Params = Record<string, never>> extends Owner {
  customerId: string;
  /**
   * The accounts the client is bound to (lib/owner.ts): the operation's account, a transfer's
   * destination and an operation it acts on must be among them; undefined: any of the customer's.
   */
  accounts?: ReadonlySet<string> | undefined;
  body: Body;
  params: Params;
  /**
   * The integrator's reference (docs/api.md "External references"): accepted by every kind's
   * route (request-route.ts), stored and kept unique per customer by the pipeline, not the kind.
   */
  externalReference?: string | undefined;
  /** The request's own metadata (docs/api.md "Metadata"), merged by the pipeline onto the account's. */
  metadata?: Metadata | undefined;
}

/** What a kind's `draft` is given: the request, the customer's own account, the new id. */
export interface DraftContext<Body, Params> extends OperationRequest<Body, Params> {
  deps: OperationDeps;
  /** The account the operation belongs to, already checked to be the customer's. */
  account: AccountRow;
  /** The new operation's id (and its creation time), for details that name it. */
  id: string;
  now: number;
}

/**
 * What one kind contributes to a creating request (pipeline/request-operation.ts runs the
 * rest): the operation's asset, amount and details, and the writes specific to it. Everything a
 * draft checks before the transaction is a read; everything it writes happens inside it.
 */
export interface OperationDraft {
  asset: Asset;
  /** Minor units of `asset`. */
  amount: bigint;
  /** The kind's JSON part of the row (its `…Details` type). */
  details: object;
  /** Assets of the account that must be ACTIVE, checked before and again inside the transaction. */
  activeAssets: readonly Asset[];
  /** The other account of the customer it moves money with (a transfer's destination). */
  counterpartyAccountId?: string | undefined;
  /** A quote this operation consumes: claimed first in the transaction, once, or refused. */
  quoteId?: string | undefined;
  /** Checks repeated inside the transaction, after its first write (e.g. the instruction is still APPROVED). */
  recheck?: (tx: Tx) => Promise<void>;
  /**
   * How far the operation moves in the request's own transaction, after REQUESTED: PROCESSING
   * (an open LIMIT order) or COMPLETED (a MARKET order, a transfer: its money moves here). The
   * pipeline runs the transitions (operations.lifecycle.ts), so every kind moves the same way:
   * the history rows, the kind's money and the events in order.
   */
  moves?: 'PROCESSING' | 'COMPLETED';
  /** Writes after the operation is REQUESTED, announced and moved: jobs it schedules for itself. */
  afterRequested?: (tx: Tx, row: OperationRow) => Promise<void>;
  /** Money held on the account, the last statement of the transaction (the contended row). */
  hold?: { holdId: string; asset: Asset; amount: bigint; description: string };
  /** The refusal an overdraft becomes (422 INSUFFICIENT_BALANCE, pipeline/refusals.ts). */
  insufficient: () => AppError;
}

/**
 * How a kind is requested over HTTP: `POST <path>` with `body` (and `params`), idempotent,
 * answering 201 with the operation (pipeline/request-route.ts registers it).
 */
export interface RequestSpec<Body extends TSchema, Params extends TSchema> {
  path: string;
  body: Body;
  params?: Params;
  summary: string;
  description: string;
  /** Validation the schema cannot say (e.g. "exactly one of"), run on the route's validation result. */
  attachValidation?: boolean;
  /** The account the operation belongs to (authorised by the pipeline: the customer's, or 404). */
  accountId(
    request: OperationRequest<Static<Body>, Static<Params>>,
    deps: OperationDeps,
  ): Promise<string> | string;
  draft(context: DraftContext<Static<Body>, Static<Params>>): Promise<OperationDraft>;
  /**
   * The draft reads only the database, through `deps.db`, and calls nothing outside the
   * process: the pipeline may run it inside the operation's transaction (pipeline/
   * request-operation.ts), with `deps.db` that transaction, so its reads are made once and
   * `recheck` is not called. Its Idempotency-Key is then claimed in the same transaction.
   */
  draftsInTransaction?: boolean;
}

/** A spec with its schema types erased, as the registry and the pipeline hold it. */
export type AnyRequestSpec = RequestSpec<TSchema, TSchema>;

/**
 * A kind's request spec, typed by its own schemas where it is written and erased once here: the
 * route hands its functions exactly the values its schemas validated.
 */
export const defineRequest = <Body extends TSchema, Params extends TSchema = TSchema>(
  spec: RequestSpec<Body, Params>,
): AnyRequestSpec => spec;
