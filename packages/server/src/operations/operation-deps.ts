import type { Environment } from '../config/environment.js';
import type { Db } from '../db/database.js';
import type { Dialect } from '../db/dialect.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import type { CursorCodec } from '../lib/cursor.js';
import type { FeeSchedule } from '../pricing/fees.js';
import type { RateSource } from '../pricing/rate-source.js';
import type { OperationScheduler } from './lifecycle/operation-scheduler.js';

/**
 * What the Money II services (quotes, swaps, orders, PIX payments) are built from; app.ts makes
 * one and hands it to each route plugin.
 */
export interface ExchangeDeps {
  environment: Environment;
  db: Db;
  dialect: Dialect;
  clock: Clock;
  cursors: CursorCodec;
  queue: JobQueue;
  /** Who moves a requested operation on (the sandbox simulator, or nobody: the back-office). */
  scheduler: OperationScheduler;
  rates: RateSource;
  fees: FeeSchedule;
  quoteTtlMs: number;
  orderCheckIntervalMs: number;
}
