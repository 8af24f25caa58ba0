import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../db/database.js';
import type { JobHandler, JobKind, JobQueue } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import type { Asset } from '../lib/money.js';
import type { ReconciliationOutcome } from './rail-reconciliations.table.js';
import type { PixDayReport } from './pix/report/pix-day-report.js';
import type {
  FundingSource,
  OperationRow,
  OperationScheduler,
  OperatorGuard,
} from '../operations/index.js';

/**
 * A rail settles the operations of some assets on one network against an outside system
 * (docs/rails.md): the funding instruction of an account, inbound detection, payouts, status
 * tracking, reconciliation. The composition root routes each asset to the rail that serves it
 * (rail-router.ts), or to the back-office when none does. Everything a rail sends out follows a
 * durable intent written in the same transaction as the ledger change that needs it.
 */
export interface Rail {
  /** e.g. `evm:ETHEREUM`: names the rail in logs, metrics and the back-office. */
  readonly name: string;
  /** The network its funding instructions and payouts are on. */
  readonly network: string;
  /** The assets it receives (funding instructions, deposits) and pays out. */
  readonly assets: readonly Asset[];
  /** The account's standing instruction for one of `assets`. */
  readonly funding: FundingSource;
  /** Called in the transaction that created an operation it serves (`serves`). */
  readonly scheduler: OperationScheduler;
  /** Whether this rail moves `operation` on (its asset and, for payouts, its network). */
  serves(operation: OperationRow): boolean;
  /** Whether the back-office may take `step` on an operation it serves (OperatorGuard). */
  readonly operatorGuard: OperatorGuard;
  /**
   * HTTP routes the outside system calls (the PSP's webhook), registered by the composition root
   * outside /v1 (no API token: each authenticates its caller itself).
   */
  readonly routes?: (app: FastifyInstance) => Promise<void>;
  /** The job handlers of its watcher, payouts, sweeps and reconciliation (worker only). */
  jobHandlers(deps: RailWorkerDeps): Partial<Record<JobKind, JobHandler>>;
  /**
   * Worker start: checks the outside system (an EVM node's chain id) and queues the rail's
   * standing jobs. Throws RailStartError when the configuration does not match what it finds
   * (the process exits non-zero); an outside system that does not answer is not an error here
   * (the jobs back off and resume).
   */
  startWorker(deps: RailWorkerDeps): Promise<void>;
  /**
   * How the rail is doing, from the database alone (any process can answer: the API has no job
   * state in memory): docs/rails.md "Health".
   */
  health(db: Db): Promise<RailHealth>;
  /**
   * Compares what the ledger owes with what the outside system holds, stores the report and
   * returns it (docs/rails.md "Reconciliation"). Reads only: a difference is reported, never
   * booked away. An outside system that does not answer gives a NOT_COMPARED report, not a throw.
   * A rail that reports by day (PIX) takes the day in `options`; one that compares balances now
   * (EVM) has no use for it.
   */
  reconcile(
    deps: Pick<RailDeps, 'db' | 'clock'>,
    options?: RailReconcileOptions,
  ): Promise<RailReconciliation>;
  /** Releases what the worker side opened (the PSP's connections); the worker's stop calls it. */
  close?(): Promise<void>;
}

export const RAIL_STATES = ['ok', 'lagging', 'node-failing', 'wrong-chain', 'psp-failing'] as const;
/**
 * ok; lagging: the watcher is further behind the chain than its confirmations, or has not
 * run lately (no worker); node-failing: the rail's jobs fail against the node; wrong-chain: the
 * node reports another chain than configured; psp-failing: the PIX rail's jobs fail against the
 * PSP (down, refusing the rail's credentials).
 */
export type RailState = (typeof RAIL_STATES)[number];

/** Why a queued payout is not sent yet: the hot wallet lacks tokens, gas, or a key. */
export const PAYOUT_WAITS = ['TOKENS', 'GAS', 'NO_KEY'] as const;
export type PayoutWait = (typeof PAYOUT_WAITS)[number];

/** A rail job's run record: consecutive failures (0: the last run worked) and the last error. */
export interface RailJobHealth {
  failures: number;
  lastError: string | null;
  /** Epoch ms. */
  lastErrorAt: number | null;
}

export interface RailHealth {
  rail: string;
  network: string;
  state: RailState;
  /** The outside system's head (block) at the watcher's last run, and when it was seen. */
  head: number | null;
  headSeenAt: number | null;
  /** The last block read; lag = head − cursor. */
  cursor: number | null;
  lagBlocks: number | null;
  confirmations: number;
  /** Payouts by status (every status listed, 0 when none). */
  payouts: Record<string, number>;
  /** Queued payouts that wait, by reason. */
  waiting: Record<PayoutWait, number>;
  /** The rail's jobs by name (`watch`, `payouts`; `charges`, `inbound`, `window`). */
  jobs: Record<string, RailJobHealth>;
  /** Work waiting, for a rail without blocks (PIX): charges to create, notifications to read back. */
  backlog?: Record<string, number>;
}

/**
 * One asset's comparison. Amounts are exact decimal strings in the asset (as many decimals as
 * the finer of the token and the asset), except differenceMinor (an integer of minor units,
 * truncated toward zero when the token is finer).
 */
export interface AssetReconciliation {
  asset: string;
  /** The token contract (EVM) or the outside system's name for the asset. */
  token: string;
  /** What the ledger says must be outside: customers' balances and the house's (fees, desk). */
  ledger: { customers: string; house: string; total: string };
  /** Seen outside, not credited yet (waiting for confirmations). */
  arriving: string;
  /** Left outside already, still held in the ledger until final. */
  leaving: string;
  /** Recorded outside and never credited: worth less than a minor unit, or too big. */
  unattributed: string;
  /** ledger.total + arriving − leaving + unattributed. */
  expected: string;
  /** What is outside: per place and in total. */
  held: { depositAddresses: string; hotWallet: string; total: string };
  /** held.total − expected: positive, more outside than the ledger knows of; negative, less. */
  difference: string;
  differenceMinor: string;
}

/** What a reconciliation is asked for. */
export interface RailReconcileOptions {
  /** The day of a daily report (YYYY-MM-DD, the PIX rail's SPI day); the last complete day when absent. */
  day?: string;
}

/**
 * One reconciliation of a rail. A rail that holds balances outside (EVM) compares them at a
 * block, per asset (`block`, `assets`); the PIX rail compares one day's Pix one by one (`pix`,
 * with `block` null and `assets` empty).
 */
export interface RailReconciliation {
  id: string;
  rail: string;
  network: string;
  /** Epoch ms. */
  at: number;
  outcome: ReconciliationOutcome;
  /** Why there is no comparison (NOT_COMPARED). */
  reason: string | null;
  /** The block the outside balances were read at. */
  block: number | null;
  assets: AssetReconciliation[];
  /** The PIX rail's daily report, when it compared (absent on NOT_COMPARED and on other rails). */
  pix?: PixDayReport;
}

export interface RailDeps {
  db: Db;
  queue: JobQueue;
  clock: Clock;
}

/** What a worker gives a rail's jobs: its logger and the lease its jobs are claimed with. */
export interface RailWorkerDeps extends RailDeps {
  logger: FastifyBaseLogger;
  leaseMs: number;
}

/** A rail's configuration contradicts what the outside system says: the process must not run. */
export class RailStartError extends Error {
  override readonly name = 'RailStartError';
}
