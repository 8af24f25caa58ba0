import type { FastifyBaseLogger } from 'fastify';
import type { Address } from 'viem';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { Db } from '../../../db/database.js';
import type { JobQueue } from '../../../jobs/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { DepositKeys } from '../deposit-keys.js';
import type { EvmNode } from '../evm-node.js';
import type { WatchedToken } from '../watcher/record-transfers.js';

/** What the sweep job works with (one per network, in a worker). */
export interface SweepContext {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  node: EvmNode;
  network: EvmNetwork;
  chainId: number;
  confirmations: number;
  leaseMs: number;
  /** Where sweeps go (the address of COFRE_EVM_HOT_WALLET_KEY_FILE's key; never signed with here). */
  hotWallet: Address | undefined;
  /** The deposit addresses' keys (COFRE_EVM_DEPOSIT_XPRV_FILE). */
  keys: DepositKeys | undefined;
  /** A balance of at least this (minor units) is swept: COFRE_EVM_SWEEP_THRESHOLD. */
  thresholdMinor: bigint;
  /** The rail's tokens by contract (lower-case). */
  tokens(): Promise<ReadonlyMap<string, WatchedToken>>;
}

/**
 * How often the sweep job looks for balances to sweep. Sweeping is custody hygiene (the hot
 * wallet refilled from what customers deposited), not on any customer's path, so a few minutes
 * is soon enough and keeps the balance reads off the node; while a sweep is under way the job
 * follows it at the rail's poll interval instead.
 */
export const SWEEP_EVERY_MS = 300_000;
