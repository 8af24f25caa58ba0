import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import type { PayoutContext } from './payout-context.js';
import { movePayout, payoutTxs, payoutsIn } from './payouts.repository.js';

/**
 * Sends every SIGNED payout's stored bytes (after a crash between signing and sending, the same
 * bytes: the same nonce and hash, never a second signature), then marks it SENT. A node that
 * already has them ('known') counts as sent; the receipt decides what happened. A failure to
 * reach the node stops the run: the next one sends again. Returns false when the lease was lost.
 */
export async function broadcastSigned(ctx: PayoutContext, job: Job): Promise<boolean> {
  for (const payout of await payoutsIn(ctx.db, ctx.network, 'SIGNED')) {
    const [latest] = await payoutTxs(ctx.db, payout.operation_id);
    if (!latest) throw new Error(`payout ${payout.operation_id} is SIGNED without a transaction`);
    await ctx.node.broadcast(latest.raw);
    const at = ctx.clock.now();
    const marked = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await tx.trx
        .updateTable('rail_evm_payout_txs')
        .set({ broadcast_at: at })
        .where('hash', '=', latest.hash)
        .execute();
      await movePayout(tx.trx, payout.operation_id, 'SIGNED', { status: 'SENT', updated_at: at });
      return true;
    });
    if (!marked) return false;
  }
  return true;
}
