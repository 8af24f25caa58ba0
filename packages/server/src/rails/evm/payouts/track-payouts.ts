import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import {
  completeOperation,
  failOperation,
  setWithdrawalOnChain,
  type OnChain,
} from '../../../operations/index.js';
import type { PayoutReceipt } from '../evm-node.js';
import type { RailEvmPayoutsTable, RailEvmPayoutTxsTable } from '../evm.tables.js';
import { minorToToken } from '../token-units.js';
import { bump, REPLACE_AFTER_MS, type PayoutContext } from './payout-context.js';
import { movePayout, payoutTxs, payoutsIn } from './payouts.repository.js';
import { signTransfer, storeSigned } from './sign-payouts.js';

type Payout = RailEvmPayoutsTable;

/**
 * Follows every SENT payout to its end (docs/rails.md "Payouts"). Any of the transactions signed
 * for it (the first, each fee replacement: one nonce) may be the one mined, so each is looked up.
 * Mined and confirmed (head − block + 1 ≥ confirmations, the block still the chain's): success →
 * CONFIRMED, the withdrawal COMPLETED; reverted → FAILED, the withdrawal FAILED and its hold
 * released. Mined, not yet confirmed: the withdrawal shows where. Not mined: its last bytes are
 * sent again (a node that lost them, a reorg that dropped them), and past REPLACE_AFTER_MS a
 * replacement with higher fees is signed at the same nonce. Returns false when the lease was lost.
 */
export async function trackSent(ctx: PayoutContext, job: Job): Promise<boolean> {
  const sent = await payoutsIn(ctx.db, ctx.network, 'SENT');
  if (sent.length === 0) return true;
  const head = await ctx.node.head();
  for (const payout of sent) {
    const txs = await payoutTxs(ctx.db, payout.operation_id);
    const mined = await findMined(ctx, txs);
    const ok = mined
      ? await settleMined(ctx, job, { payout, mined, head })
      : await resend(ctx, job, payout, txs);
    if (!ok) return false;
  }
  return true;
}

async function findMined(ctx: PayoutContext, txs: readonly RailEvmPayoutTxsTable[]) {
  for (const tx of txs) {
    const receipt = await ctx.node.receipt(tx.hash);
    if (!receipt) continue;
    // A receipt from a block the chain no longer has is not a mined transaction.
    const block = await ctx.node.block(receipt.blockNumber);
    if (block?.hash === receipt.blockHash) return { hash: tx.hash, receipt };
  }
  return undefined;
}

async function settleMined(
  ctx: PayoutContext,
  job: Job,
  input: { payout: Payout; mined: { hash: string; receipt: PayoutReceipt }; head: number },
): Promise<boolean> {
  const { payout, mined, head } = input;
  const onChain: OnChain = {
    network: ctx.network,
    transactionHash: mined.hash,
    logIndex: mined.receipt.logIndex,
    blockNumber: mined.receipt.blockNumber,
    confirmations: Math.max(0, head - mined.receipt.blockNumber + 1),
  };
  const final = onChain.confirmations >= ctx.confirmations;
  const at = ctx.clock.now();
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    await setWithdrawalOnChain(tx, payout.operation_id, onChain);
    if (!final) return true;
    const success = mined.receipt.status === 'success';
    const moved = await movePayout(tx.trx, payout.operation_id, 'SENT', {
      status: success ? 'CONFIRMED' : 'FAILED',
      tx_hash: mined.hash,
      updated_at: at,
    });
    if (!moved) return true;
    const deps = { queue: ctx.queue };
    if (success) await completeOperation(tx, deps, payout.operation_id, at);
    else {
      await failOperation(
        tx,
        deps,
        payout.operation_id,
        {
          code: 'PAYOUT_REVERTED',
          message: `The token transfer ${mined.hash} was mined reverted; nothing left the hot wallet but its gas.`,
        },
        at,
      );
    }
    return true;
  });
}

/** Not mined: the last bytes again, or, once they have waited too long, a replacement. */
async function resend(
  ctx: PayoutContext,
  job: Job,
  payout: Payout,
  txs: readonly RailEvmPayoutTxsTable[],
): Promise<boolean> {
  const latest = txs[0]!;
  const at = ctx.clock.now();
  if (ctx.wallet && (await ctx.node.minedNonce(ctx.wallet.address)) > latest.nonce) {
    return requeue(ctx, job, payout, latest.nonce);
  }
  if (at - latest.created_at < REPLACE_AFTER_MS || !ctx.wallet) {
    await ctx.node.broadcast(latest.raw);
    return true;
  }
  const tokens = await ctx.tokens();
  const token = tokens.get(payout.asset)!;
  const fees = await ctx.node.fees();
  const fee = {
    maxFeePerGas: max(bump(BigInt(latest.max_fee_per_gas)), fees.maxFeePerGas * 2n),
    maxPriorityFeePerGas: max(
      bump(BigInt(latest.max_priority_fee_per_gas)),
      fees.maxPriorityFeePerGas,
    ),
  };
  const amount = minorToToken(payout.asset, token.decimals, payout.amount);
  // It was exact when first signed (sign-payouts.ts refuses the others), and decimals never change.
  if (amount.kind !== 'exact') throw new Error(`payout ${payout.operation_id}: inexact amount`);
  const raw = await signTransfer(ctx, {
    payout,
    token,
    amount: amount.amount,
    nonce: latest.nonce,
    fee,
  });
  const stored = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    await storeSigned(tx, {
      operationId: payout.operation_id,
      network: ctx.network,
      nonce: latest.nonce,
      raw,
      fee,
      at,
    });
    return true;
  });
  if (!stored) return false;
  ctx.logger.info(
    { network: ctx.network, operationId: payout.operation_id, nonce: latest.nonce },
    'EVM rail: a payout not mined in time is signed again with higher fees (same nonce)',
  );
  await ctx.node.broadcast(raw);
  return true;
}

const max = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * The payout's nonce was used by a transaction that is not one of its own (none of its hashes
 * was mined, yet the wallet's mined count is past the nonce: the hot wallet's key was used
 * outside cofre). None of its signed transactions can ever be mined now, so it is queued again,
 * to be signed with a new nonce, and the wallet's next nonce skips what was used outside. Logged
 * as an error: docs/rails.md "The hot wallet is cofre's alone".
 */
async function requeue(
  ctx: PayoutContext,
  job: Job,
  payout: Payout,
  nonce: number,
): Promise<boolean> {
  const mined = await ctx.node.minedNonce(ctx.wallet!.address);
  const at = ctx.clock.now();
  const done = await transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    if (
      !(await movePayout(tx.trx, payout.operation_id, 'SENT', { status: 'QUEUED', updated_at: at }))
    )
      return true;
    await tx.trx
      .updateTable('rail_evm_payouts')
      .set({ nonce: null })
      .where('operation_id', '=', payout.operation_id)
      .execute();
    await tx.trx
      .updateTable('rail_evm_wallets')
      .set((eb) => ({
        // A CASE, not max(): PostgreSQL's max is an aggregate only.
        next_nonce: eb
          .case()
          .when('next_nonce', '<', mined)
          .then(mined)
          .else(eb.ref('next_nonce'))
          .end(),
        updated_at: at,
      }))
      .where('network', '=', ctx.network)
      .execute();
    return true;
  });
  ctx.logger.error(
    { network: ctx.network, operationId: payout.operation_id, nonce, minedNonce: mined },
    'EVM rail: a payout nonce was used by a transaction cofre did not sign (the hot wallet key is used elsewhere); the payout is signed again with a new nonce',
  );
  return done;
}
