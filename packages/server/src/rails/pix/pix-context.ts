import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { JobQueue } from '../../jobs/index.js';
import type { Clock } from '../../lib/clock.js';
import type { PixPayoutAdapter } from './payouts/pix-payout-adapter.js';
import type { ApiPix } from './psp/api-pix.js';

/** The rail's name in health, metrics, logs and rail_job_runs. */
export const PIX_RAIL = 'pix';

/** What the PIX rail's jobs work with (worker only). */
export interface PixContext {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The lease the rail's jobs are claimed with; every write first fences it (JobQueue.fence). */
  leaseMs: number;
  api: ApiPix;
  /** COFRE_PIX_KEY: the house's receiving key, every charge's `chave`. */
  houseKey: string;
  /** COFRE_PIX_PAYOUT_ADAPTER's adapter, when payouts are on the rail (payouts/). */
  payouts?: PixPayoutAdapter;
}
