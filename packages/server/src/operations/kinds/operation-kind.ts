import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue, JobKind, JobHandler } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { RateSource } from '../../pricing/index.js';
import type { OperationDeps } from '../operation-deps.js';
import type { OperationType } from '../operation-states.js';
import type { OperationRow } from '../operations.table.js';
import type { AnyRequestSpec } from '../pipeline/request-kind.js';

/**
 * How an operation of a kind settles once requested, which is all the sandbox simulator needs to
 * know to drive it (sandbox/simulator.ts):
 * - `funding`: it waits for money to arrive (a deposit; the sandbox pays it one step later);
 * - `rail`: an outside party takes it and answers (PROCESSING, then COMPLETED or FAILED; the
 *   sandbox answers with its magic values);
 * - `own`: it moves itself (a MARKET order fills in the request, a LIMIT order checks its price on
 *   a timer, a transfer completes at once): nothing to simulate.
 */
export const SETTLEMENTS = ['funding', 'rail', 'own'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

/**
 * Everything specific to one operation type, as one small object per kind (kinds/<kind>/), and
 * registered in one place (kinds/registry.ts): how it is requested (its route, schema, checks,
 * what it holds — the pipeline does the rest), how it settles, how it shows beyond the common
 * fields, and the money each transition moves, in the transition's transaction.
 */
export interface OperationKind extends OperationLifecycle {
  readonly type: OperationType;
  readonly settlement: Settlement;
  /** Its creating request, run by the pipeline (pipeline/request-operation.ts); absent for a kind only the back-office creates. */
  readonly request?: AnyRequestSpec;
  /** Routes of its own besides the creating request (e.g. cancelling an order). */
  readonly routes?: FastifyPluginAsyncTypebox<{ deps: OperationDeps }>;
  /** Jobs of its own, in every environment (a deposit's expiry, a LIMIT order's checks). */
  readonly jobs?: (deps: KindJobDeps) => Partial<Record<JobKind, JobHandler>>;
}

/** What a kind's job handlers are built from (worker.ts). */
export interface KindJobDeps {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  rates: RateSource;
  orderCheckIntervalMs: number;
  /** The sandbox's magic "never fills" limit prices (environment-parts.ts); else always. */
  orderCanFill?: ((limitPrice: string) => boolean) | undefined;
}

/** The money and the view of a kind's lifecycle (kinds/<kind>/<kind>.ts). */
export interface OperationLifecycle {
  /** The type's own fields of the operation view, from the stored details. */
  view(row: OperationRow): Record<string, unknown>;
  /** New details when processing starts (e.g. an end-to-end id), or undefined to keep them. */
  processing(row: OperationRow, at: number): string | undefined;
  /** The ledger side of COMPLETED. */
  completed(tx: Tx, row: OperationRow, at: number): Promise<void>;
  /** The ledger side of FAILED. */
  failed(tx: Tx, row: OperationRow, at: number): Promise<void>;
}
