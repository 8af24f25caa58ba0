import { encodeFunctionData, erc20Abi, keccak256, type Address } from 'viem';
import { transact, type Tx } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { failOperation, startProcessing } from '../../../operations/index.js';
import { minorToToken } from '../token-units.js';
import { TRANSFER_GAS, type PayoutContext, type PayoutToken } from './payout-context.js';
import { inFlight, markWaiting, movePayout, payoutsIn, takeNonce } from './payouts.repository.js';
import type { RailEvmPayoutsTable } from '../evm.tables.js';
import { fundingsInFlight } from '../sweeps/sweeps.repository.js';

type Payout = RailEvmPayoutsTable;

/**
 * Signs the queued payouts, oldest first, while the hot wallet can pay them (tokens and gas,
 * counting what signed payouts not yet final will spend): each in one transaction fenced by the
 * job's lease — the next nonce taken, the signed bytes stored, the payout SIGNED, the withdrawal
 * PROCESSING — before anything is sent (broadcast-payouts.ts sends them). The first payout the
 * wallet cannot fund stops the line (later ones would take nonces out of order); the queue says
 * why it waits. Returns false when the lease was lost.
 */
export async function signQueued(ctx: PayoutContext, job: Job): Promise<boolean> {
  const queued = await payoutsIn(ctx.db, ctx.network, 'QUEUED', 50);
  if (queued.length === 0) return true;
  const now = ctx.clock.now();
  if (!ctx.wallet) {
    await markWaiting(ctx.db, ctx.network, ids(queued), 'NO_KEY', now);
    return true;
  }
  const tokens = await ctx.tokens();
  const fees = await ctx.node.fees();
  // Headroom over the estimate: the base fee may rise for a few blocks before inclusion.
  const maxFeePerGas = fees.maxFeePerGas * 2n;
  const funds = await fundsAvailable(ctx, tokens, maxFeePerGas);
  for (const [i, payout] of queued.entries()) {
    const token = tokens.get(payout.asset)!;
    const amount = minorToToken(payout.asset, token.decimals, payout.amount);
    if (amount.kind !== 'exact') {
      if (!(await refuse(ctx, job, payout, 'the token cannot carry this amount exactly')))
        return false;
      continue;
    }
    const waiting =
      (funds.tokens.get(payout.asset) ?? 0n) < amount.amount
        ? 'TOKENS'
        : funds.gas < TRANSFER_GAS * maxFeePerGas
          ? 'GAS'
          : undefined;
    if (waiting) {
      await markWaiting(ctx.db, ctx.network, ids(queued.slice(i)), waiting, now);
      logWaiting(ctx, waiting, queued.length - i);
      return true;
    }
    const signed = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      const fee = { maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
      return sign(ctx, tx, {
        payout,
        token,
        amount: amount.amount,
        fee,
        chainNonce: funds.chainNonce,
        at: now,
      });
    });
    if (!signed) return false;
    funds.tokens.set(payout.asset, funds.tokens.get(payout.asset)! - amount.amount);
    funds.gas -= TRANSFER_GAS * maxFeePerGas;
  }
  return true;
}

const ids = (payouts: readonly Payout[]) => payouts.map((p) => p.operation_id);

/** What the hot wallet holds beyond what its signed, unfinished payouts will spend. */
async function fundsAvailable(
  ctx: PayoutContext,
  tokens: ReadonlyMap<string, PayoutToken>,
  maxFeePerGas: bigint,
) {
  const address = ctx.wallet!.address;
  const reserved = await inFlight(ctx.db, ctx.network);
  const available = new Map<string, bigint>();
  let gas = 0n;
  for (const [asset, token] of tokens) {
    const balances = await ctx.node.balances(token.contract, address);
    const held = minorToToken(
      asset as Payout['asset'],
      token.decimals,
      reserved.byAsset.get(asset) ?? 0n,
    );
    available.set(asset, balances.token - (held.kind === 'exact' ? held.amount : held.above));
    gas = balances.gas;
  }
  gas -= BigInt(reserved.count) * TRANSFER_GAS * maxFeePerGas;
  // Sweeps' fundings signed and not final spend the same coin (sweeps/fund-sweeps.ts).
  gas -= await fundingsInFlight(ctx.db, ctx.network);
  const wallet = await ctx.db
    .selectFrom('rail_evm_wallets')
    .select('next_nonce')
    .where('network', '=', ctx.network)
    .executeTakeFirst();
  // Read from the chain once, when the wallet has no row yet (takeNonce creates it).
  const chainNonce = wallet ? wallet.next_nonce : await ctx.node.minedNonce(address);
  return { tokens: available, gas, chainNonce };
}

async function sign(
  ctx: PayoutContext,
  tx: Tx,
  input: {
    payout: Payout;
    token: PayoutToken;
    amount: bigint;
    fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    chainNonce: number;
    at: number;
  },
): Promise<boolean> {
  const { payout, at } = input;
  const nonce = await takeNonce(tx.trx, {
    network: ctx.network,
    address: ctx.wallet!.address.toLowerCase(),
    chainNonce: input.chainNonce,
    at,
  });
  const raw = await signTransfer(ctx, { ...input, nonce });
  if (
    !(await movePayout(tx.trx, payout.operation_id, 'QUEUED', {
      status: 'SIGNED',
      nonce,
      waiting: null,
      updated_at: at,
    }))
  ) {
    throw new Error(`payout ${payout.operation_id} moved while it was being signed`);
  }
  await storeSigned(tx, {
    operationId: payout.operation_id,
    network: ctx.network,
    nonce,
    raw,
    fee: input.fee,
    at,
  });
  await startProcessing(tx, { queue: ctx.queue }, payout.operation_id, at);
  return true;
}

/** An EIP-1559 `transfer(to, amount)` of the token, signed locally by the hot wallet. */
export async function signTransfer(
  ctx: PayoutContext,
  input: {
    payout: Payout;
    token: PayoutToken;
    amount: bigint;
    nonce: number;
    fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  },
): Promise<`0x${string}`> {
  return ctx.wallet!.signTransaction({
    chainId: ctx.chainId,
    type: 'eip1559',
    nonce: input.nonce,
    to: input.token.contract as Address,
    value: 0n,
    gas: TRANSFER_GAS,
    maxFeePerGas: input.fee.maxFeePerGas,
    maxPriorityFeePerGas: input.fee.maxPriorityFeePerGas,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [input.payout.to_address as Address, input.amount],
    }),
  });
}

/** A signed transaction, stored before it can be broadcast. */
export async function storeSigned(
  tx: Tx,
  input: {
    operationId: string;
    network: Payout['network'];
    nonce: number;
    raw: `0x${string}`;
    fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    at: number;
  },
): Promise<void> {
  await tx.trx
    .insertInto('rail_evm_payout_txs')
    .values({
      hash: keccak256(input.raw),
      operation_id: input.operationId,
      network: input.network,
      nonce: input.nonce,
      raw: input.raw,
      max_fee_per_gas: input.fee.maxFeePerGas.toString(),
      max_priority_fee_per_gas: input.fee.maxPriorityFeePerGas.toString(),
      created_at: input.at,
      broadcast_at: null,
    })
    .execute();
}

/** A payout that can never be signed: FAILED, the withdrawal FAILED and its hold released. */
async function refuse(ctx: PayoutContext, job: Job, payout: Payout, why: string): Promise<boolean> {
  const at = ctx.clock.now();
  return transact(ctx.db, async (tx) => {
    if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
    if (
      await movePayout(tx.trx, payout.operation_id, 'QUEUED', { status: 'FAILED', updated_at: at })
    ) {
      await failOperation(
        tx,
        { queue: ctx.queue },
        payout.operation_id,
        { code: 'PAYOUT_REFUSED', message: `The payout could not be sent: ${why}.` },
        at,
      );
    }
    return true;
  });
}

function logWaiting(ctx: PayoutContext, waiting: string, count: number): void {
  ctx.logger.warn(
    { network: ctx.network, waiting, payouts: count, hotWallet: ctx.wallet?.address },
    waiting === 'TOKENS'
      ? 'EVM rail: the hot wallet holds too few tokens; payouts wait until it is funded'
      : 'EVM rail: the hot wallet holds too little for gas; payouts wait until it is funded',
  );
}
