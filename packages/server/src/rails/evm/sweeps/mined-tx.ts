import type { EvmNode, PayoutReceipt } from '../evm-node.js';

/**
 * The one of `hashes` (the transactions signed at one nonce) the chain has mined, with its
 * receipt; undefined while none is. A receipt from a block the chain no longer has does not
 * count: the transaction is back in the mempool, or gone.
 */
export async function minedTx(
  node: EvmNode,
  hashes: readonly string[],
): Promise<{ hash: string; receipt: PayoutReceipt } | undefined> {
  for (const hash of hashes) {
    const receipt = await node.receipt(hash);
    if (!receipt) continue;
    const block = await node.block(receipt.blockNumber);
    if (block?.hash === receipt.blockHash) return { hash, receipt };
  }
  return undefined;
}
