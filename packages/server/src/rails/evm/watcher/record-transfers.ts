import type { Tx } from '../../../db/transact.js';
import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';
import type { JobQueue } from '../../../jobs/index.js';
import { eip55 } from '../../../lib/crypto-addresses.js';
import { MAX_BALANCE_MINOR } from '../../../lib/money.js';
import {
  depositSeen,
  findAwaitingDeposit,
  openArrivedDeposit,
  PRODUCTION_DEPOSIT_TTL_MS,
  type OnChain,
} from '../../../operations/index.js';
import type { TransferLog } from '../evm-node.js';
import { tokenToMinor } from '../token-units.js';

export interface WatchedToken {
  asset: EvmAsset;
  decimals: number;
}

export interface AddressOwner {
  accountId: string;
  customerId: string;
}

export interface SightingDeps {
  queue: JobQueue;
  network: EvmNetwork;
}

/** A transfer as an operation shows it, with head − block + 1 confirmations. */
export function onChainOf(
  network: EvmNetwork,
  transfer: { transactionHash: string; logIndex: number; blockNumber: number },
  head: number,
): OnChain {
  return {
    network,
    transactionHash: transfer.transactionHash,
    logIndex: transfer.logIndex,
    blockNumber: transfer.blockNumber,
    confirmations: Math.max(0, head - transfer.blockNumber + 1),
  };
}

/**
 * Records what the watcher saw, in its transaction (docs/rails.md "Money arriving"). A transfer
 * is one row per (transaction hash, log index), whatever block it is seen in: seen again after a
 * reorg it is the same row (PENDING again, in its new block) and the same deposit, so it can be
 * credited once only. A new transfer pays the account's oldest REQUESTED deposit of that asset
 * and exact amount, or becomes a deposit of its own; either way its deposit is PROCESSING from
 * now on. One worth nothing in cofre's units (or more than a balance may hold) is recorded as
 * UNCREDITABLE and moves no operation.
 */
export async function recordSightings(
  tx: Tx,
  deps: SightingDeps,
  input: {
    logs: readonly TransferLog[];
    tokens: ReadonlyMap<string, WatchedToken>;
    owners: ReadonlyMap<string, AddressOwner>;
    head: number;
    at: number;
  },
): Promise<number> {
  let recorded = 0;
  for (const log of input.logs) {
    const token = input.tokens.get(log.token);
    const owner = input.owners.get(log.to);
    if (!token || !owner) continue;
    const onChain = onChainOf(deps.network, log, input.head);
    const known = await seenAgain(tx, deps, log, onChain, input.at);
    if (known) continue;
    await recordNew(tx, deps, { log, token, owner, onChain, at: input.at });
    recorded++;
  }
  return recorded;
}

/** A transfer already recorded: moved into the block it is in now, unless it is final. */
async function seenAgain(
  tx: Tx,
  deps: SightingDeps,
  log: TransferLog,
  onChain: OnChain,
  at: number,
): Promise<boolean> {
  const row = await tx.trx
    .selectFrom('rail_evm_transfers')
    .select(['status', 'operation_id'])
    .where('network', '=', deps.network)
    .where('tx_hash', '=', log.transactionHash)
    .where('log_index', '=', log.logIndex)
    .executeTakeFirst();
  if (!row) return false;
  if (row.status === 'PENDING' || row.status === 'VANISHED') {
    await tx.trx
      .updateTable('rail_evm_transfers')
      .set({
        status: 'PENDING',
        block_number: log.blockNumber,
        block_hash: log.blockHash,
        updated_at: at,
      })
      .where('network', '=', deps.network)
      .where('tx_hash', '=', log.transactionHash)
      .where('log_index', '=', log.logIndex)
      .execute();
    if (row.operation_id) await depositSeen(tx, deps, row.operation_id, onChain, at);
  }
  return true;
}

async function recordNew(
  tx: Tx,
  deps: SightingDeps,
  input: {
    log: TransferLog;
    token: WatchedToken;
    owner: AddressOwner;
    onChain: OnChain;
    at: number;
  },
): Promise<void> {
  const { log, token, owner, at } = input;
  const { minor, remainder } = tokenToMinor(token.asset, token.decimals, log.value);
  const creditable = minor > 0n && minor <= MAX_BALANCE_MINOR;
  let operationId: string | null = null;
  if (creditable) {
    operationId =
      (remainder === 0n
        ? await findAwaitingDeposit(tx, {
            accountId: owner.accountId,
            asset: token.asset,
            amount: minor,
          })
        : undefined) ??
      (await openArrivedDeposit(tx, deps, {
        customerId: owner.customerId,
        accountId: owner.accountId,
        asset: token.asset,
        amount: minor,
        fundingInstruction: {
          rail: 'CRYPTO',
          network: deps.network,
          address: eip55(log.to.slice(2)),
        },
        expiresAt: at + PRODUCTION_DEPOSIT_TTL_MS,
        at,
      }));
  }
  await tx.trx
    .insertInto('rail_evm_transfers')
    .values({
      network: deps.network,
      tx_hash: log.transactionHash,
      log_index: log.logIndex,
      token: log.token,
      asset: token.asset,
      from_address: log.from,
      to_address: log.to,
      token_amount: log.value.toString(),
      amount: creditable ? minor : 0n,
      remainder: (creditable ? remainder : log.value).toString(),
      block_number: log.blockNumber,
      block_hash: log.blockHash,
      status: creditable ? 'PENDING' : 'UNCREDITABLE',
      account_id: owner.accountId,
      customer_id: owner.customerId,
      operation_id: operationId,
      seen_at: at,
      credited_at: null,
      updated_at: at,
    })
    .execute();
  if (operationId) await depositSeen(tx, deps, operationId, input.onChain, at);
}
