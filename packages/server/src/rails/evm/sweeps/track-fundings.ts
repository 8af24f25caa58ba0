import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { bump, REPLACE_AFTER_MS, type PayoutContext } from '../payouts/payout-context.js';
import type { RailEvmSweepTxsTable } from './sweeps.tables.js';
import { wakeJob } from './find-sweeps.js';
import { signFunding } from './sign-funding.js';
import { minedTx } from './mined-tx.js';
import { sweepJobId } from './sweep-job-id.js';
import {
  max,
  moveSweep,
  storeSweepTx,
  sweepTxs,
  sweepsIn,
  type Sweep,
} from './sweeps.repository.js';

/**
 * Follows every sent funding like a payout (track-payouts.ts): mined and confirmed → FUNDED, and
 * the sweep job is made due to sign the address's transfer; not mined → the last bytes again,
 * and past REPLACE_AFTER_MS a replacement with higher fees at the same nonce (a funding stuck in
 * the mempool would hold back every payout signed after it); its nonce used by a transaction
 * cofre did not sign → QUEUED again, for a new nonce. Returns false when the lease was lost.
 */
export async function trackFundings(ctx: PayoutContext, job: Job): Promise<boolean> {
  const sent = await sweepsIn(ctx.db, ctx.network, 'FUNDING_SENT');
  if (sent.length === 0) return true;
  const head = await ctx.node.head();
  for (const sweep of sent) {
    const txs = await sweepTxs(ctx.db, sweep.id, 'FUNDING');
    const mined = await minedTx(
      ctx.node,
      txs.map((t) => t.hash),
    );
    let ok = true;
    if (!mined) ok = await resendFunding(ctx, job, sweep, txs);
    else if (head - mined.receipt.blockNumber + 1 >= ctx.confirmations) {
      const at = ctx.clock.now();
      const success = mined.receipt.status === 'success';
      ok = await transact(ctx.db, async (tx) => {
        if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
        await moveSweep(tx.trx, sweep.id, 'FUNDING_SENT', {
          status: success ? 'FUNDED' : 'FAILED',
          reason: success ? null : `the funding ${mined.hash} was mined reverted`,
          updated_at: at,
        });
        if (success) await wakeJob(tx.trx, sweepJobId(ctx.network), at);
        return true;
      });
    }
    if (!ok) return false;
  }
  return true;
}

async function resendFunding(
  ctx: PayoutContext,
  job: Job,
  sweep: Sweep,
  txs: readonly RailEvmSweepTxsTable[],
): Promise<boolean> {
  const latest = txs[0]!;
  const at = ctx.clock.now();
  const minedNonce = ctx.wallet ? await ctx.node.minedNonce(ctx.wallet.address) : 0;
  if (ctx.wallet && minedNonce > latest.nonce) {
    ctx.logger.error(
      { network: ctx.network, sweepId: sweep.id, nonce: latest.nonce, minedNonce },
      'EVM rail: a sweep funding nonce was used by a transaction cofre did not sign; it is funded again with a new nonce',
    );
    return transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await moveSweep(tx.trx, sweep.id, 'FUNDING_SENT', {
        status: 'QUEUED',
        funding_nonce: null,
        updated_at: at,
      });
      await tx.trx
        .updateTable('rail_evm_wallets')
        .set((eb) => ({
          next_nonce: eb
            .case()
            .when('next_nonce', '<', minedNonce)
            .then(minedNonce)
            .else(eb.ref('next_nonce'))
            .end(),
          updated_at: at,
        }))
        .where('network', '=', ctx.network)
        .execute();
      return true;
    });
  }
  if (at - latest.created_at < REPLACE_AFTER_MS || !ctx.wallet) {
    await ctx.node.broadcast(latest.raw);
    return true;
  }
  const fees = await ctx.node.fees();
  const fee = {
    maxFeePerGas: max(bump(BigInt(latest.max_fee_per_gas)), fees.maxFeePerGas * 2n),
    maxPriorityFeePerGas: max(
      bump(BigInt(latest.max_priority_fee_per_gas)),
      fees.maxPriorityFeePerGas,
    ),
  };
  const raw = await signFunding(ctx, sweep, latest.nonce, fee);
  const stored = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    await storeSweepTx(tx.trx, { sweep, leg: 'FUNDING', nonce: latest.nonce, raw, fee, at });
    return true;
  });
  if (!stored) return false;
  await ctx.node.broadcast(raw);
  return true;
}
