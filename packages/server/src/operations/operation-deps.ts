import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { JobQueue } from '../jobs/index.js';
import type { Clock } from '../lib/clock.js';
import type { CursorCodec } from '../lib/cursor.js';
import type { PixDirectory } from '../modules/pix/index.js';
import type { FeeSchedule, RateSource } from '../pricing/index.js';
import type { FundingSource } from './funding/funding-source.js';
import type { OperationScheduler } from './lifecycle/operation-scheduler.js';

/**
 * What the operations wing (and quotes, rates and PIX key look-ups) are built from. app.ts makes
 * one, with the environment's parts already chosen (environment-parts.ts): the scheduler, the
 * rate source and the PIX directory are the sandbox's or production's, and nothing below asks
 * which environment it runs in.
 */
export interface OperationDeps {
  db: Db;
  dialect: Dialect;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  /** Who moves a requested operation on (the sandbox simulator, or nobody: the back-office). */
  scheduler: OperationScheduler;
  rates: RateSource;
  /** Where an account receives each asset (derived, or a rail's address: funding/funding-source.ts). */
  funding: FundingSource;
  /** Who owns a PIX key (the sandbox's fixed directory, or the registered keys). */
  pixDirectory: PixDirectory;
  fees: FeeSchedule;
  quoteTtlMs: number;
  orderCheckIntervalMs: number;
  /**
   * How long a deposit of this amount (minor units) stays payable: one time per environment,
   * but for the sandbox's deposits held for the back-office (docs/sandbox.md), which get
   * production's, so a person has time to receive them.
   */
  depositTtlMs: (amountMinor: bigint) => number;
  /** The metadata filter's candidate bound (db/metadata-filter.ts); its default unless a test sets one. */
  metadataFilterCandidates?: number | undefined;
}

/** The former name, for the quote and rate modules that share these dependencies. */
export type ExchangeDeps = OperationDeps;
