import type { FastifyBaseLogger } from 'fastify';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { EvmAsset, EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import type { JobQueue } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { EvmNode } from '../evm-node.js';

/** A token the rail pays in: its contract (lower-case) and decimals, read from the contract. */
export interface PayoutToken {
  contract: string;
  decimals: number;
}

/** What the payouts job works with (one per network, in a worker). */
export interface PayoutContext {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  node: EvmNode;
  network: EvmNetwork;
  chainId: number;
  confirmations: number;
  leaseMs: number;
  /** The payout signer (COFRE_EVM_HOT_WALLET_KEY_FILE); undefined: payouts wait (NO_KEY). */
  wallet: PrivateKeyAccount | undefined;
  tokens(): Promise<ReadonlyMap<EvmAsset, PayoutToken>>;
}

/**
 * Gas of a token transfer, signed as the limit: ERC-20 transfers of USDT and USDC cost 35–65
 * thousand; a fixed limit (rather than an estimate) lets a transfer that would revert — a paused
 * token — be mined and recorded as reverted instead of never being sent.
 */
export const TRANSFER_GAS = 120_000n;

/** A payout not mined this long after its last signature is signed again with higher fees. */
export const REPLACE_AFTER_MS = 180_000;

/** Each replacement raises both fees by at least this (nodes ask for +10 %): ×9/8, rounded up. */
export const bump = (fee: bigint): bigint => (fee * 9n + 7n) / 8n;
