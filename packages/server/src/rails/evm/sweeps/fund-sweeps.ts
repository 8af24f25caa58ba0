import { transact } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { TRANSFER_GAS, type PayoutContext } from '../payouts/payout-context.js';
import { inFlight, takeNonce } from '../payouts/payouts.repository.js';
import {
  FUNDING_GAS,
  fundingsInFlight,
  markBroadcast,
  moveSweep,
  storeSweepTx,
  sweepTxs,
  sweepsIn,
} from './sweeps.repository.js';
import { signFunding } from './sign-funding.js';
import { trackFundings } from './track-fundings.js';

/**
 * The hot wallet's leg of the sweeps, run by the payouts job after its payouts (docs/rails.md
 * "Sweeping"): that job is the hot wallet's one signer, so a funding takes the next nonce from
 * the same table, in the same order, as a payout does, and no second worker ever signs for the
 * wallet. Queued fundings are signed, signed ones sent, sent ones followed. Returns false when
 * the lease was lost.
 */
export async function fundSweeps(ctx: PayoutContext, job: Job): Promise<boolean> {
  return (
    (await signFundings(ctx, job)) &&
    (await broadcastFundings(ctx, job)) &&
    (await trackFundings(ctx, job))
  );
}

/**
 * Signs the queued fundings, oldest first, while the hot wallet's coin covers them beyond what
 * its payouts and earlier fundings in flight will spend (payouts come first: a funding never
 * takes the gas a withdrawal needs). Each in one transaction fenced by the lease: the nonce
 * taken, the bytes stored, the sweep FUNDING_SIGNED.
 */
async function signFundings(ctx: PayoutContext, job: Job): Promise<boolean> {
  const queued = await sweepsIn(ctx.db, ctx.network, 'QUEUED', 20);
  if (queued.length === 0 || !ctx.wallet) return true;
  const fees = await ctx.node.fees();
  const fee = {
    maxFeePerGas: fees.maxFeePerGas * 2n,
    maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
  };
  const address = ctx.wallet.address;
  const held = await ctx.node.balances(queued[0]!.token, address);
  const payouts = await inFlight(ctx.db, ctx.network);
  let available =
    held.gas -
    BigInt(payouts.count) * TRANSFER_GAS * fee.maxFeePerGas -
    (await fundingsInFlight(ctx.db, ctx.network));
  const wallet = await ctx.db
    .selectFrom('rail_evm_wallets')
    .select('next_nonce')
    .where('network', '=', ctx.network)
    .executeTakeFirst();
  const chainNonce = wallet ? wallet.next_nonce : await ctx.node.minedNonce(address);
  for (const sweep of queued) {
    const cost = BigInt(sweep.funding_value) + FUNDING_GAS * fee.maxFeePerGas;
    if (available < cost) {
      ctx.logger.warn(
        { network: ctx.network, hotWallet: address, sweeps: queued.length },
        'EVM rail: the hot wallet holds too little coin to fund sweeps; they wait until it is funded',
      );
      return true;
    }
    const at = ctx.clock.now();
    const signed = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      const nonce = await takeNonce(tx.trx, {
        network: ctx.network,
        address: address.toLowerCase(),
        chainNonce,
        at,
      });
      const raw = await signFunding(ctx, sweep, nonce, fee);
      if (
        !(await moveSweep(tx.trx, sweep.id, 'QUEUED', {
          status: 'FUNDING_SIGNED',
          funding_nonce: nonce,
          updated_at: at,
        }))
      )
        throw new Error(`sweep ${sweep.id} moved while its funding was being signed`);
      await storeSweepTx(tx.trx, { sweep, leg: 'FUNDING', nonce, raw, fee, at });
      return true;
    });
    if (!signed) return false;
    available -= cost;
  }
  return true;
}

/** Sends every signed funding's stored bytes (the same after a crash), then FUNDING_SENT. */
async function broadcastFundings(ctx: PayoutContext, job: Job): Promise<boolean> {
  for (const sweep of await sweepsIn(ctx.db, ctx.network, 'FUNDING_SIGNED')) {
    const [latest] = await sweepTxs(ctx.db, sweep.id, 'FUNDING');
    if (!latest) throw new Error(`sweep ${sweep.id} is FUNDING_SIGNED without a transaction`);
    await ctx.node.broadcast(latest.raw);
    const at = ctx.clock.now();
    const marked = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await markBroadcast(tx.trx, latest.hash, at);
      await moveSweep(tx.trx, sweep.id, 'FUNDING_SIGNED', {
        status: 'FUNDING_SENT',
        updated_at: at,
      });
      return true;
    });
    if (!marked) return false;
  }
  return true;
}
