import { transact, type Tx } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import type { PixContext } from '../pix-context.js';

/**
 * Writes in one transaction that first checks the payouts job's lease is still this run's
 * (JobQueue.fence): a run that lost its lease writes nothing, so two workers never both record
 * an attempt or an outcome.
 */
export async function fenced<T>(
  ctx: PixContext,
  job: Job,
  write: (tx: Tx, at: number) => Promise<T>,
): Promise<T | 'lost'> {
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return 'lost' as const;
    return write(tx, ctx.clock.now());
  });
}
