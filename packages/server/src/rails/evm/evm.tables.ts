import type { Generated } from 'kysely';
import type { EvmAsset, EvmNetwork } from '../../config/rails-config.js';

/** The EVM rail's records (migration 0024, docs/rails.md). Addresses are stored lower-case. */
export interface RailEvmChainsTable {
  network: EvmNetwork;
  /** The child index the next new deposit address gets (0/n). */
  next_child_index: number;
  /** The last block the watcher read; null until its first run. */
  cursor_block: number | null;
  /** The node's head at the watcher's last run, and when (confirmations, lag). */
  head_block: number | null;
  head_seen_at: number | null;
  updated_at: number;
  /** The watcher's consecutive failed runs and the last one's error (migration 0026). */
  watch_failures: Generated<number>;
  watch_error: string | null;
  watch_error_at: number | null;
  /** The payouts job's, likewise. */
  payouts_failures: Generated<number>;
  payouts_error: string | null;
  payouts_error_at: number | null;
}

export interface RailEvmAddressesTable {
  network: EvmNetwork;
  account_id: string;
  asset: EvmAsset;
  customer_id: string;
  child_index: number;
  address: string;
  created_at: number;
}

export interface RailEvmBlocksTable {
  network: EvmNetwork;
  number: number;
  hash: string;
}

/** What became of a transfer seen to one of cofre's addresses. */
export const TRANSFER_STATUSES = [
  /** Seen in a block of the chain, waiting for its confirmations. */
  'PENDING',
  /** Its deposit was credited: final for cofre. */
  'CREDITED',
  /** Its block was replaced by a reorg: waiting to be seen again (then PENDING), never credited. */
  'VANISHED',
  /**
   * Not creditable: worth less than cofre's smallest unit, or more than a balance may hold.
   * Recorded and reported by reconciliation, never credited.
   */
  'UNCREDITABLE',
] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export interface RailEvmTransfersTable {
  network: EvmNetwork;
  tx_hash: string;
  log_index: number;
  token: string;
  asset: EvmAsset;
  from_address: string;
  to_address: string;
  /** The token's uint256 amount as decimal text. */
  token_amount: string;
  /** cofre's minor units (6 decimals), exact: token_amount = amount · scale + remainder. */
  amount: bigint;
  /** What cofre's precision cannot hold, in token units (decimal text, usually "0"). */
  remainder: string;
  /** Where it was last seen; null while VANISHED. */
  block_number: number | null;
  block_hash: string | null;
  status: TransferStatus;
  account_id: string;
  customer_id: string;
  /** The deposit it settles (null when UNCREDITABLE). */
  operation_id: string | null;
  seen_at: number;
  credited_at: number | null;
  updated_at: number;
}

/** The hot wallet of a network: the one source of its nonces (created from the chain once). */
export interface RailEvmWalletsTable {
  network: EvmNetwork;
  address: string;
  next_nonce: number;
  updated_at: number;
}

/** What became of a payout (docs/rails.md "Payouts"). */
export const PAYOUT_STATUSES = [
  /** The intent: written with the withdrawal's hold; not signed yet (or waiting for funds). */
  'QUEUED',
  /** Signed with its nonce and stored; may or may not have reached the node. */
  'SIGNED',
  /** Broadcast at least once; waiting for a receipt and its confirmations. */
  'SENT',
  /** Mined with success and confirmed: the withdrawal COMPLETED. */
  'CONFIRMED',
  /** Mined reverted and confirmed, or refused before signing: the withdrawal FAILED. */
  'FAILED',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface RailEvmPayoutsTable {
  operation_id: string;
  network: EvmNetwork;
  customer_id: string;
  asset: EvmAsset;
  /** Minor units of the asset (cofre's). */
  amount: bigint;
  /** Lower-case. */
  to_address: string;
  status: PayoutStatus;
  nonce: number | null;
  /** The transaction that was mined, once known. */
  tx_hash: string | null;
  /** Why a QUEUED payout is not signed yet: the hot wallet lacks TOKENS or GAS, or has NO_KEY. */
  waiting: string | null;
  created_at: number;
  updated_at: number;
}

export interface RailEvmPayoutTxsTable {
  hash: string;
  operation_id: string;
  network: EvmNetwork;
  nonce: number;
  /** The signed transaction, hex: broadcast again, byte for byte, after a crash. */
  raw: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: number;
  broadcast_at: number | null;
}
