import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';

/**
 * What became of a sweep (docs/rails.md "Sweeping"): a deposit address's tokens moved into the
 * hot wallet, in two legs — the hot wallet sends the address the coin its transfer costs
 * (FUNDING_*, signed by the payouts job, the hot wallet's one signer), then the address sends
 * its tokens (SIGNED, SENT, signed by the sweep job with the address's own key).
 */
export const SWEEP_STATUSES = [
  /** The intent: the address needs gas; the payouts job signs the funding next. */
  'QUEUED',
  /** The funding is signed with a hot-wallet nonce and stored; may or may not be out. */
  'FUNDING_SIGNED',
  /** The funding was broadcast; waiting for its receipt and confirmations. */
  'FUNDING_SENT',
  /** The address holds the gas of its transfer: the sweep job signs it next. */
  'FUNDED',
  /** The token transfer is signed with the address's key and stored; may or may not be out. */
  'SIGNED',
  /** The token transfer was broadcast; waiting for its receipt and confirmations. */
  'SENT',
  /** The tokens are in the hot wallet, confirmed. */
  'CONFIRMED',
  /** Nothing moved but gas (a reverted transfer, a nonce used outside cofre); `reason` says. */
  'FAILED',
] as const;
export type SweepStatus = (typeof SWEEP_STATUSES)[number];

/** A sweep that is over: the next one of its address may start. */
export const FINISHED_SWEEP: readonly SweepStatus[] = ['CONFIRMED', 'FAILED'];

export interface RailEvmSweepsTable {
  id: string;
  network: EvmNetwork;
  /** The deposit address (lower-case) and its child index 0/n (its key). */
  address: string;
  child_index: number;
  /** The token contract (lower-case) and its asset. */
  token: string;
  asset: EvmAsset;
  /** What is moved, in token base units (uint256 as decimal text), exactly. */
  token_amount: string;
  /** The same in cofre's minor units, rounded down (what the candidates' sums subtract). */
  amount: bigint;
  status: SweepStatus;
  /** Wei the hot wallet sends the address (decimal text); "0" when it held enough already. */
  funding_value: string;
  /** The fee caps the token transfer is signed with, which the funding covers (wei per gas). */
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  /** The hot-wallet nonce of the funding, and the address's nonce of the transfer, once signed. */
  funding_nonce: number | null;
  sweep_nonce: number | null;
  /** The transfer that was mined, once known. */
  tx_hash: string | null;
  reason: string | null;
  created_at: number;
  updated_at: number;
}

/** Which leg a signed transaction of a sweep is. */
export type SweepLeg = 'FUNDING' | 'SWEEP';

export interface RailEvmSweepTxsTable {
  hash: string;
  sweep_id: string;
  network: EvmNetwork;
  leg: SweepLeg;
  nonce: number;
  /** The signed transaction, hex: broadcast again, byte for byte, after a crash. */
  raw: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: number;
  broadcast_at: number | null;
}

/** When the sweep job of a network last looked for balances to sweep (SWEEP_EVERY_MS apart). */
export interface RailEvmSweepLooksTable {
  network: EvmNetwork;
  looked_at: number;
}
