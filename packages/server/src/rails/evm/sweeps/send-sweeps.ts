import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { TRANSFER_GAS } from '../payouts/payout-context.js';
import type { SweepContext } from './sweep-context.js';
import {
  markBroadcast,
  moveSweep,
  storeSweepTx,
  sweepTxs,
  sweepsIn,
  type Sweep,
} from './sweeps.repository.js';

/**
 * Signs the token transfer of every FUNDED sweep with its address's own key: `transfer(hot
 * wallet, amount)` at the address's next nonce, read from the chain (nothing but cofre's sweeps
 * ever sends from a deposit address, and one sweep per address is under way at a time), with the
 * fee caps its funding covered. The signed bytes are stored, the sweep SIGNED, in one transaction
 * fenced by the lease, before anything is sent. An address found short of gas (its coin moved
 * since) goes back to the hot wallet for the rest. Returns false when the lease was lost.
 */
export async function signFunded(ctx: SweepContext, job: Job): Promise<boolean> {
  for (const sweep of await sweepsIn(ctx.db, ctx.network, 'FUNDED')) {
    const key = ctx.keys!.privateKeyOf(sweep.child_index);
    const account = privateKeyToAccount(key);
    if (account.address.toLowerCase() !== sweep.address) {
      throw new Error(`sweep ${sweep.id}: child ${sweep.child_index} is not ${sweep.address}`);
    }
    const fee = {
      maxFeePerGas: BigInt(sweep.max_fee_per_gas),
      maxPriorityFeePerGas: BigInt(sweep.max_priority_fee_per_gas),
    };
    const held = await ctx.node.balances(sweep.token, sweep.address);
    const at = ctx.clock.now();
    if (held.gas < TRANSFER_GAS * fee.maxFeePerGas) {
      if (!(await refund(ctx, job, sweep, TRANSFER_GAS * fee.maxFeePerGas - held.gas, at)))
        return false;
      continue;
    }
    const nonce = await ctx.node.minedNonce(sweep.address);
    const raw = await account.signTransaction({
      chainId: ctx.chainId,
      type: 'eip1559',
      nonce,
      to: sweep.token as Address,
      value: 0n,
      gas: TRANSFER_GAS,
      ...fee,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [ctx.hotWallet!, BigInt(sweep.token_amount)],
      }),
    });
    const signed = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      if (
        !(await moveSweep(tx.trx, sweep.id, 'FUNDED', {
          status: 'SIGNED',
          sweep_nonce: nonce,
          updated_at: at,
        }))
      )
        throw new Error(`sweep ${sweep.id} moved while it was being signed`);
      await storeSweepTx(tx.trx, { sweep, leg: 'SWEEP', nonce, raw, fee, at });
      return true;
    });
    if (!signed) return false;
  }
  return true;
}

/** A FUNDED sweep whose address holds too little coin after all: QUEUED for `shortfall` wei. */
async function refund(
  ctx: SweepContext,
  job: Job,
  sweep: Sweep,
  shortfall: bigint,
  at: number,
): Promise<boolean> {
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    await tx.trx
      .updateTable('rail_evm_sweeps')
      .set({ status: 'QUEUED', funding_value: shortfall.toString(), updated_at: at })
      .where('id', '=', sweep.id)
      .where('status', '=', 'FUNDED')
      .execute();
    return true;
  });
}

/**
 * Sends every SIGNED sweep's stored bytes (after a crash between signing and sending: the same
 * bytes, never a second signature), then marks it SENT. Bytes the chain already mined are not
 * sent again: a deposit address's first transfer has nonce 0, which some nodes (Ganache 7) run
 * a second time when it is re-broadcast after being mined. Returns false when the lease was lost.
 */
export async function broadcastSigned(ctx: SweepContext, job: Job): Promise<boolean> {
  for (const sweep of await sweepsIn(ctx.db, ctx.network, 'SIGNED')) {
    const [latest] = await sweepTxs(ctx.db, sweep.id, 'SWEEP');
    if (!latest) throw new Error(`sweep ${sweep.id} is SIGNED without a transaction`);
    if (!(await ctx.node.receipt(latest.hash))) await ctx.node.broadcast(latest.raw);
    const at = ctx.clock.now();
    const marked = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await markBroadcast(tx.trx, latest.hash, at);
      await moveSweep(tx.trx, sweep.id, 'SIGNED', { status: 'SENT', updated_at: at });
      return true;
    });
    if (!marked) return false;
  }
  return true;
}
