import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import type { JobHandler, JobKind, JobQueue } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import type { Asset } from '../lib/money.js';
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
  /** The job handlers of its watcher, payouts, sweeps and reconciliation (worker only). */
  jobHandlers(deps: RailWorkerDeps): Partial<Record<JobKind, JobHandler>>;
  /**
   * Worker start: checks the outside system (an EVM node's chain id) and queues the rail's
   * standing jobs. Throws RailStartError when the configuration does not match what it finds
   * (the process exits non-zero); an outside system that does not answer is not an error here
   * (the jobs back off and resume).
   */
  startWorker(deps: RailWorkerDeps): Promise<void>;
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
