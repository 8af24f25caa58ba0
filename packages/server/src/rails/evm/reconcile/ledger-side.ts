import { sql } from 'kysely';
import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import type { Trx } from '../../../db/transact.js';

/** What cofre's records say, per asset, read in one snapshot with the cursor they go with. */
export interface LedgerSide {
  /** The watcher's cursor: every transfer up to this block is recorded. */
  cursor: number | null;
  /** The hot wallet, once it signed (rail_evm_wallets), lower-case. */
  hotWallet: string | undefined;
  assets: Map<EvmAsset, AssetRecords>;
  /** Payouts signed or sent and not final, still held in their asset: each may be mined. */
  inFlight: { operationId: string; asset: EvmAsset; amount: bigint; hashes: string[] }[];
}

export interface AssetRecords {
  /** Σ customers' available + pending, minor units. */
  customers: bigint;
  /** Σ the house's fees and desk rows (its own money in the asset), minor units. */
  house: bigint;
  /** Transfers seen and not credited yet, minor units. */
  arriving: bigint;
  /** Token base units on chain that no balance holds: uncreditable transfers and remainders. */
  unattributed: bigint;
}

// Sums aliased to a money column name (db/int64-columns.ts): a bigint on both engines.
const NET = sql<bigint>`coalesce(sum(available + pending), 0)`;

/**
 * Reads everything the comparison needs from the database in one snapshot (PostgreSQL:
 * repeatable read; SQLite: one read transaction), as ledger verify does, so a deposit credited
 * or a payout confirmed meanwhile cannot be counted on one side and not the other.
 */
export function readLedgerSide(
  db: Db,
  network: EvmNetwork,
  assets: readonly EvmAsset[],
): Promise<LedgerSide> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const chain = await trx
        .selectFrom('rail_evm_chains')
        .select('cursor_block')
        .where('network', '=', network)
        .executeTakeFirst();
      const wallet = await trx
        .selectFrom('rail_evm_wallets')
        .select('address')
        .where('network', '=', network)
        .executeTakeFirst();
      const records = new Map<EvmAsset, AssetRecords>();
      for (const asset of assets) records.set(asset, await assetRecords(trx, network, asset));
      return {
        cursor: chain?.cursor_block ?? null,
        hotWallet: wallet?.address,
        assets: records,
        inFlight: await inFlightPayouts(trx, network),
      };
    });
}

async function assetRecords(trx: Trx, network: EvmNetwork, asset: EvmAsset) {
  const customers = await trx
    .selectFrom('ledger_balances')
    .select(NET.as('net'))
    .where('asset', '=', asset)
    .where('kind', '=', 'CUSTOMER')
    .executeTakeFirstOrThrow();
  const house = await trx
    .selectFrom('ledger_balances')
    .select(NET.as('net'))
    .where('asset', '=', asset)
    .where('kind', '=', 'SYSTEM')
    .where('account_id', 'not like', 'sys_clearing%')
    .executeTakeFirstOrThrow();
  // Transfers: few are waiting, and remainders are rare (a token finer than the asset).
  const transfers = await trx
    .selectFrom('rail_evm_transfers')
    .select(['status', 'amount', 'remainder'])
    .where('network', '=', network)
    .where('asset', '=', asset)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'PENDING'),
        eb('remainder', '<>', '0').and('status', '<>', 'VANISHED'),
      ]),
    )
    .execute();
  let arriving = 0n;
  let unattributed = 0n;
  for (const t of transfers) {
    if (t.status === 'PENDING') arriving += t.amount;
    unattributed += BigInt(t.remainder);
  }
  return { customers: customers.net, house: house.net, arriving, unattributed };
}

async function inFlightPayouts(trx: Trx, network: EvmNetwork) {
  const rows = await trx
    .selectFrom('rail_evm_payouts')
    .innerJoin(
      'rail_evm_payout_txs',
      'rail_evm_payout_txs.operation_id',
      'rail_evm_payouts.operation_id',
    )
    .select([
      'rail_evm_payouts.operation_id as operationId',
      'rail_evm_payouts.asset as asset',
      'rail_evm_payouts.amount as amount',
      'rail_evm_payout_txs.hash as hash',
    ])
    .where('rail_evm_payouts.network', '=', network)
    .where('rail_evm_payouts.status', 'in', ['SIGNED', 'SENT'])
    // Only a payout whose customer's balance still holds it in the token's asset: a quoted
    // withdrawal holds the source asset, and its tokens were never in the customers' sum.
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ledger_holds')
          .select('ledger_holds.id')
          .whereRef('ledger_holds.operation_id', '=', 'rail_evm_payouts.operation_id')
          .whereRef('ledger_holds.asset', '=', 'rail_evm_payouts.asset')
          .where('ledger_holds.status', '=', 'HELD'),
      ),
    )
    .execute();
  const byId = new Map<string, LedgerSide['inFlight'][number]>();
  for (const row of rows) {
    const payout = byId.get(row.operationId) ?? {
      operationId: row.operationId,
      asset: row.asset,
      amount: row.amount,
      hashes: [],
    };
    payout.hashes.push(row.hash);
    byId.set(row.operationId, payout);
  }
  return [...byId.values()];
}
