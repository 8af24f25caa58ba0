import type { Address } from 'viem';
import { transact, type Trx } from '../../../db/transact.js';
import type { Job } from '../../../jobs/index.js';
import { newId } from '../../../lib/ids.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import { payoutJobId } from '../payouts/payout-intent.js';
import { TRANSFER_GAS } from '../payouts/payout-context.js';
import { tokenToMinor } from '../token-units.js';
import type { WatchedToken } from '../watcher/record-transfers.js';
import type { SweepContext } from './sweep-context.js';
import { addressesBeingSwept } from './sweeps.repository.js';

interface Candidate {
  address: string;
  childIndex: number;
  token: string;
  asset: WatchedToken['asset'];
  decimals: number;
}

/**
 * Writes the intent of each sweep due (docs/rails.md "Sweeping"). Candidates come from cofre's
 * own records, without a call to the node: an (address, token) whose credited transfers exceed
 * what was swept from it by the threshold. Each is then checked against the chain, which is the
 * truth: the token balance less what transfers still waiting for confirmations brought (that
 * money stays until it is credited; a transfer in a block the watcher has not read yet cannot be
 * told apart, docs/rails.md says why sweeping it is harmless), if still at the threshold, is
 * swept whole. The address's coin decides whether the hot wallet
 * must fund the transfer's gas first (QUEUED) or it can go at once (FUNDED). One sweep per
 * address at a time. Returns false when the lease was lost.
 */
export async function findSweeps(ctx: SweepContext, job: Job): Promise<boolean> {
  const candidates = await sweepCandidates(ctx, await ctx.tokens());
  if (candidates.length === 0) return true;
  const busy = await addressesBeingSwept(ctx.db, ctx.network);
  const fees = await ctx.node.fees();
  // The transfer's fee cap, as payouts sign theirs: headroom over the base fee now.
  const maxFeePerGas = fees.maxFeePerGas * 2n;
  for (const candidate of candidates) {
    if (busy.has(candidate.address)) continue;
    const held = await ctx.node.balances(candidate.token, candidate.address);
    const sweepable = held.token - (await awaitingConfirmation(ctx, candidate));
    if (sweepable <= 0n) continue;
    const minor = tokenToMinor(candidate.asset, candidate.decimals, sweepable).minor;
    if (minor < ctx.thresholdMinor) continue;
    const gasNeeded = TRANSFER_GAS * maxFeePerGas;
    const fundingValue = held.gas >= gasNeeded ? 0n : gasNeeded - held.gas;
    const at = ctx.clock.now();
    const written = await transact(ctx.db, async (tx) => {
      if (!(await ctx.queue.fence(tx.trx, job, ctx.leaseMs))) return false;
      await tx.trx
        .insertInto('rail_evm_sweeps')
        .values({
          id: newId('sweep', at),
          network: ctx.network,
          address: candidate.address,
          child_index: candidate.childIndex,
          token: candidate.token,
          asset: candidate.asset,
          token_amount: sweepable.toString(),
          amount: minor,
          status: fundingValue > 0n ? 'QUEUED' : 'FUNDED',
          funding_value: fundingValue.toString(),
          max_fee_per_gas: maxFeePerGas.toString(),
          max_priority_fee_per_gas: fees.maxPriorityFeePerGas.toString(),
          funding_nonce: null,
          sweep_nonce: null,
          tx_hash: null,
          reason: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      if (fundingValue > 0n) await wakeJob(tx.trx, payoutJobId(ctx.network), at);
      return true;
    });
    if (!written) return false;
    busy.add(candidate.address);
    ctx.logger.info(
      {
        network: ctx.network,
        address: candidate.address as Address,
        asset: candidate.asset,
        minor,
      },
      'EVM rail: a deposit address is swept into the hot wallet',
    );
  }
  return true;
}

/** (address, token) pairs whose credited money, less what was swept, reaches the threshold. */
async function sweepCandidates(
  ctx: SweepContext,
  tokens: ReadonlyMap<string, WatchedToken>,
): Promise<Candidate[]> {
  const credited = await ctx.db
    .selectFrom('rail_evm_transfers as t')
    .innerJoin('rail_evm_addresses as a', (join) =>
      join.onRef('a.network', '=', 't.network').onRef('a.address', '=', 't.to_address'),
    )
    .select([
      't.to_address',
      't.token',
      'a.child_index',
      (eb) => eb.fn.sum<bigint>('t.amount').as('amount'),
    ])
    .where('t.network', '=', ctx.network)
    .where('t.status', '=', 'CREDITED')
    .groupBy(['t.to_address', 't.token', 'a.child_index'])
    .execute();
  const swept = await sweptFrom(ctx.db, ctx.network);
  const found: Candidate[] = [];
  for (const row of credited) {
    const token = tokens.get(row.token);
    if (!token) continue;
    const left = row.amount - (swept.get(`${row.to_address}|${row.token}`) ?? 0n);
    if (left < ctx.thresholdMinor) continue;
    found.push({
      address: row.to_address,
      childIndex: row.child_index,
      token: row.token,
      asset: token.asset,
      decimals: token.decimals,
    });
  }
  return found;
}

/** What sweeps not FAILED moved (or are moving) from each (address, token), in minor units. */
async function sweptFrom(db: Db, network: EvmNetwork): Promise<Map<string, bigint>> {
  const rows = await db
    .selectFrom('rail_evm_sweeps')
    .select(['address', 'token', (eb) => eb.fn.sum<bigint>('amount').as('amount')])
    .where('network', '=', network)
    .where('status', '<>', 'FAILED')
    .groupBy(['address', 'token'])
    .execute();
  return new Map(rows.map((r) => [`${r.address}|${r.token}`, r.amount]));
}

/** Token units brought to the address by transfers not credited yet (waiting, or reorged away). */
async function awaitingConfirmation(ctx: SweepContext, candidate: Candidate): Promise<bigint> {
  const rows = await ctx.db
    .selectFrom('rail_evm_transfers')
    .select('token_amount')
    .where('network', '=', ctx.network)
    .where('to_address', '=', candidate.address)
    .where('token', '=', candidate.token)
    .where('status', 'in', ['PENDING', 'VANISHED'])
    .execute();
  return rows.reduce((sum, r) => sum + BigInt(r.token_amount), 0n);
}

/** Makes a rail job due now unless a worker is running it (that run's next one sees the change). */
export async function wakeJob(trx: Trx, jobId: string, at: number): Promise<void> {
  await trx
    .updateTable('jobs')
    .set({ run_at: at })
    .where('id', '=', jobId)
    .where('lease_owner', 'is', null)
    .where('run_at', '>', at)
    .execute();
}
