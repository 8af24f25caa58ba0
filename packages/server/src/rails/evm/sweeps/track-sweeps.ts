import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { minedTx } from './mined-tx.js';
import type { SweepContext } from './sweep-context.js';
import { moveSweep, sweepTxs, sweepsIn } from './sweeps.repository.js';

/**
 * Follows every SENT sweep to its end. Mined and confirmed (the rail's confirmations, the block
 * still the chain's): success → CONFIRMED, the tokens are the hot wallet's; reverted (a paused
 * token) → FAILED, nothing moved but gas, and the next look at the address sweeps it again. Not
 * mined: the same bytes are sent again (a node that dropped them, a reorg). The transfer is never
 * re-signed with higher fees: its address holds the gas of these caps only, and a sweep that
 * waits costs nobody anything (docs/rails.md "Sweeping"). A nonce the address used for another
 * transaction means its key was used outside cofre: FAILED, logged as an error. Returns false
 * when the lease was lost.
 */
export async function trackSent(ctx: SweepContext, job: Job): Promise<boolean> {
  const sent = await sweepsIn(ctx.db, ctx.network, 'SENT');
  if (sent.length === 0) return true;
  const head = await ctx.node.head();
  for (const sweep of sent) {
    const txs = await sweepTxs(ctx.db, sweep.id, 'SWEEP');
    const mined = await minedTx(
      ctx.node,
      txs.map((t) => t.hash),
    );
    const at = ctx.clock.now();
    let outcome: { status: 'CONFIRMED' | 'FAILED'; tx_hash: string | null; reason: string | null };
    if (mined) {
      if (head - mined.receipt.blockNumber + 1 < ctx.confirmations) continue;
      outcome =
        mined.receipt.status === 'success'
          ? { status: 'CONFIRMED', tx_hash: mined.hash, reason: null }
          : {
              status: 'FAILED',
              tx_hash: mined.hash,
              reason: 'the token transfer was mined reverted',
            };
    } else if ((await ctx.node.minedNonce(sweep.address)) > sweep.sweep_nonce!) {
      outcome = {
        status: 'FAILED',
        tx_hash: null,
        reason: 'the address used this nonce for a transaction cofre did not sign',
      };
      ctx.logger.error(
        { network: ctx.network, sweepId: sweep.id, address: sweep.address },
        'EVM rail: a deposit address sent a transaction cofre did not sign (its key is used elsewhere)',
      );
    } else {
      await ctx.node.broadcast(txs[0]!.raw);
      continue;
    }
    const done = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await moveSweep(tx.trx, sweep.id, 'SENT', { ...outcome, updated_at: at });
      return true;
    });
    if (!done) return false;
    if (outcome.status === 'FAILED') {
      ctx.logger.warn(
        { network: ctx.network, sweepId: sweep.id, reason: outcome.reason },
        'EVM rail: a sweep failed; the address is swept again at the next look',
      );
    }
  }
  return true;
}
