import { keccak256 } from 'viem';
import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import {
  FINISHED_SWEEP,
  type RailEvmSweepsTable,
  type SweepLeg,
  type SweepStatus,
} from './sweeps.tables.js';

export type Sweep = RailEvmSweepsTable;

/** Sweeps of `network` in `status`, oldest first (the order the hot wallet funds them in). */
export function sweepsIn(db: Db | Trx, network: EvmNetwork, status: SweepStatus, limit = 100) {
  return db
    .selectFrom('rail_evm_sweeps')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', status)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The transactions signed for one leg of a sweep, newest first. */
export function sweepTxs(db: Db | Trx, sweepId: string, leg: SweepLeg) {
  return db
    .selectFrom('rail_evm_sweep_txs')
    .selectAll()
    .where('sweep_id', '=', sweepId)
    .where('leg', '=', leg)
    .orderBy('created_at', 'desc')
    .orderBy('hash')
    .execute();
}

/** The deposit addresses with a sweep not over: none gets a second (its nonce is read from the chain). */
export async function addressesBeingSwept(db: Db | Trx, network: EvmNetwork): Promise<Set<string>> {
  const rows = await db
    .selectFrom('rail_evm_sweeps')
    .select('address')
    .where('network', '=', network)
    .where('status', 'not in', FINISHED_SWEEP)
    .execute();
  return new Set(rows.map((r) => r.address));
}

/** Whether any sweep of the network is not over (the job then looks again a poll later). */
export async function anyUnfinished(db: Db | Trx, network: EvmNetwork): Promise<boolean> {
  const row = await db
    .selectFrom('rail_evm_sweeps')
    .select('id')
    .where('network', '=', network)
    .where('status', 'not in', FINISHED_SWEEP)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A sweep moves on only from the state it was read in (a compare-and-set). */
export async function moveSweep(
  trx: Trx,
  id: string,
  from: SweepStatus,
  set: Partial<Pick<Sweep, 'status' | 'funding_nonce' | 'sweep_nonce' | 'tx_hash' | 'reason'>> & {
    updated_at: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('rail_evm_sweeps')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A signed transaction of a sweep, stored before it can be broadcast. */
export async function storeSweepTx(
  trx: Trx,
  input: {
    sweep: Sweep;
    leg: SweepLeg;
    nonce: number;
    raw: `0x${string}`;
    fee: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
    at: number;
  },
): Promise<string> {
  const hash = keccak256(input.raw);
  await trx
    .insertInto('rail_evm_sweep_txs')
    .values({
      hash,
      sweep_id: input.sweep.id,
      network: input.sweep.network,
      leg: input.leg,
      nonce: input.nonce,
      raw: input.raw,
      max_fee_per_gas: input.fee.maxFeePerGas.toString(),
      max_priority_fee_per_gas: input.fee.maxPriorityFeePerGas.toString(),
      created_at: input.at,
      broadcast_at: null,
    })
    .execute();
  return hash;
}

export async function markBroadcast(trx: Trx, hash: string, at: number): Promise<void> {
  await trx
    .updateTable('rail_evm_sweep_txs')
    .set({ broadcast_at: at })
    .where('hash', '=', hash)
    .execute();
}

/**
 * What the fundings signed and not yet final will take from the hot wallet's coin (their values
 * and gas at their fee caps), so payouts and further fundings never count on it.
 */
export async function fundingsInFlight(db: Db | Trx, network: EvmNetwork): Promise<bigint> {
  const rows = await db
    .selectFrom('rail_evm_sweeps as s')
    .innerJoin('rail_evm_sweep_txs as t', (join) =>
      join.onRef('t.sweep_id', '=', 's.id').on('t.leg', '=', 'FUNDING'),
    )
    .select(['s.id', 's.funding_value', 't.max_fee_per_gas'])
    .where('s.network', '=', network)
    .where('s.status', 'in', ['FUNDING_SIGNED', 'FUNDING_SENT'])
    .execute();
  const reserved = new Map<string, bigint>();
  for (const row of rows) {
    const cost = BigInt(row.funding_value) + FUNDING_GAS * BigInt(row.max_fee_per_gas);
    reserved.set(row.id, max(reserved.get(row.id) ?? 0n, cost));
  }
  return [...reserved.values()].reduce((a, b) => a + b, 0n);
}

/** When the network's sweep job last looked for balances (undefined: never). */
export async function lastLook(db: Db | Trx, network: EvmNetwork): Promise<number | undefined> {
  const row = await db
    .selectFrom('rail_evm_sweep_looks')
    .select('looked_at')
    .where('network', '=', network)
    .executeTakeFirst();
  return row?.looked_at;
}

export async function recordLook(trx: Trx, network: EvmNetwork, at: number): Promise<void> {
  await trx
    .insertInto('rail_evm_sweep_looks')
    .values({ network, looked_at: at })
    .onConflict((oc) => oc.column('network').doUpdateSet({ looked_at: at }))
    .execute();
}

/** Gas of a plain coin transfer to an address without code. */
export const FUNDING_GAS = 21_000n;

export const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);
