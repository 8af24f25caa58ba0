import type { TObject } from '@sinclair/typebox';
import type { Db } from '../../db/database.js';
import type { Tx } from '../../db/transact.js';
import type { JobQueue, JobKind } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { MoneyJson } from '../../lib/money-json.js';
import type { RateSource } from '../../pricing/index.js';
import type { OperationRow, Reason } from '../operations.table.js';
import type { AnyRequestSpec } from '../pipeline/request-kind.js';
import type { OperationType } from './lifecycles.js';

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
 * registered in one place (kinds/registry.ts): its lifecycle (below: what it is, how it shows,
 * the money each transition moves), how it is requested (its route, schema, checks, what it
 * holds — the pipeline does the rest), its own jobs and whether a customer may cancel it.
 *
 * A kind says what happens; the wing does it. The lifecycle and the view read the lifecycle-only
 * table (kinds/lifecycles.ts, the kinds' <kind>.ts files alone), never this registry, so nothing a
 * request imports leads back to the registry (no runtime cycle: the layer rules, and
 * test/e2e/server.modules-load-first). A request also says how far it moves at once (`moves`),
 * a job returns an outcome and a cancellation is a reason: the wing applies them, so every kind
 * moves the same way (only the back-office's reverse-operation, not a request, calls the
 * lifecycle itself).
 */
export interface OperationKind extends OperationLifecycle<OperationType> {
  /** Its creating request, run by the pipeline (pipeline/request-operation.ts); absent for a kind only the back-office creates. */
  readonly request?: AnyRequestSpec;
  /** Jobs of its own, in every environment (a deposit's expiry, a LIMIT order's checks). */
  readonly jobs?: Partial<Record<JobKind, KindStep>>;
  /**
   * A customer may cancel an open one (`POST /v1/operations/{id}/cancel`, lifecycle/
   * cancel-route.ts): PROCESSING → FAILED with `reason`, its `failed` money (a hold released).
   * `name` is how refusals call it ("order").
   */
  readonly cancel?: { readonly reason: Reason; readonly name: string };
}

/** What becomes of an operation: it completes, or it fails for a reason. */
export type OperationOutcome = { kind: 'complete' } | { kind: 'fail'; reason: Reason };

/**
 * One run of a kind's own job: given the operation the job names (read in the job's
 * transaction) and the time, what becomes of it now — an outcome the lifecycle applies
 * (lifecycle/kind-jobs.ts), or nothing. It may schedule its own next run.
 */
export type KindStep = (
  tx: Tx,
  operation: OperationRow,
  deps: KindJobDeps,
  now: number,
) => Promise<OperationOutcome | undefined>;

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

/**
 * What an operation of a kind is and how it lives, from kinds/<kind>/<kind>.ts: its type, how it
 * settles, its view (the response schema and the fields it adds, from the stored details), which
 * keys of its details are money, and the money each transition moves, in the transition's
 * transaction. `T` and `S` keep the literal type and the schema, so the `Operation` union and
 * OPERATION_TYPES are built from the table of them (kinds/lifecycles.ts).
 */
export interface OperationLifecycle<T extends string = string, S extends TObject = TObject> {
  readonly type: T;
  readonly settlement: Settlement;
  /** The operation as the API shows it (the common fields and the type's own). */
  readonly schema: S;
  /** Its details' JSON, each money key declared (lib/money-json.ts). */
  readonly details: MoneyJson<unknown>;
  /** The type's own fields of the operation view, from the stored details. */
  view(row: OperationRow): Record<string, unknown>;
  /** New details when processing starts (e.g. an end-to-end id), or undefined to keep them. */
  processing(row: OperationRow, at: number): string | undefined;
  /** The ledger side of COMPLETED. */
  completed(tx: Tx, row: OperationRow, at: number): Promise<void>;
  /** The ledger side of FAILED. */
  failed(tx: Tx, row: OperationRow, at: number): Promise<void>;
}
