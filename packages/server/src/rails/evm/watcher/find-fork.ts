import type { Db } from '../../../db/database.js';
import type { EvmNetwork } from '../../../config/rails-config.js';
import type { EvmNode } from '../evm-node.js';
import { newestBlocks } from './chain-state.repository.js';

export type ForkCheck =
  /** The newest stored block is still the chain's: everything stored below it is too. */
  | { kind: 'same' }
  /** Blocks above `at` were replaced (`at` is the highest stored block that still matches). */
  | { kind: 'fork'; at: number }
  /** Nothing stored matches: the chain changed deeper than the stored window. */
  | { kind: 'beyond'; below: number };

/**
 * Compares the stored blocks with the node's, newest first. Blocks are looked up by number and
 * their hashes compared (a node may answer a lookup by an orphaned hash with the block that
 * replaced it, so a stored hash is never looked up by itself). A block the node does not have
 * (its chain is shorter now) counts as replaced.
 */
export async function findFork(
  db: Db,
  node: EvmNode,
  network: EvmNetwork,
  window: number,
): Promise<ForkCheck> {
  const stored = await newestBlocks(db, network, window);
  if (stored.length === 0) return { kind: 'same' };
  for (const [i, block] of stored.entries()) {
    const now = await node.block(block.number);
    if (now?.hash === block.hash)
      return i === 0 ? { kind: 'same' } : { kind: 'fork', at: block.number };
  }
  return { kind: 'beyond', below: stored.at(-1)!.number };
}
