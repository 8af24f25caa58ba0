import {
  createPublicClient,
  erc20Abi,
  http,
  parseAbiItem,
  type Address,
  type PublicClient,
} from 'viem';

/** A token transfer as the watcher records it (addresses lower-case). */
export interface TransferLog {
  token: string;
  from: string;
  to: string;
  value: bigint;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  logIndex: number;
}

export interface BlockHeader {
  number: number;
  hash: string;
  parentHash: string;
}

/**
 * What the rail asks of an EVM node, over JSON-RPC (any standard node or provider). Calls are not
 * retried here (viem's transport would retry with its own backoff and a 10 s timeout each): a
 * failed call fails the job run, and the job queue's backoff retries it, so a node that is down
 * costs one short call per backoff step and never holds a worker.
 */
export interface EvmNode {
  chainId(): Promise<number>;
  head(): Promise<number>;
  /** The block at `number` on the node's chain now; undefined when it has none (yet). */
  block(number: number): Promise<BlockHeader | undefined>;
  /**
   * Every `Transfer` log of `tokens` in blocks from..to (inclusive). Filtered by token only: the
   * cost follows the chain's activity and the block range, not the number of cofre's addresses
   * (matched against the database afterwards), and no provider's cap on topic alternatives
   * applies.
   */
  transfers(tokens: readonly string[], from: number, to: number): Promise<TransferLog[]>;
  decimals(token: string): Promise<number>;
}

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);

export function evmNode(url: string, options: { timeoutMs?: number } = {}): EvmNode {
  // cacheTime 0: viem otherwise answers getBlockNumber from a cache for seconds, and a watcher
  // would read a stale head.
  const client: PublicClient = createPublicClient({
    transport: http(url, { retryCount: 0, timeout: options.timeoutMs ?? 5_000 }),
    cacheTime: 0,
  });
  return {
    chainId: () => client.getChainId(),
    head: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    async block(number) {
      try {
        const block = await client.getBlock({ blockNumber: BigInt(number) });
        return { number, hash: block.hash, parentHash: block.parentHash };
      } catch (error) {
        if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
        throw error;
      }
    },
    async transfers(tokens, from, to) {
      const found = await client.getLogs({
        address: tokens as Address[],
        event: TRANSFER,
        fromBlock: BigInt(from),
        toBlock: BigInt(to),
        strict: true,
      });
      const logs: TransferLog[] = [];
      for (const log of found) {
        // A pending log has no block yet; the watcher reads mined blocks only.
        if (log.blockHash === null || log.blockNumber === null || log.logIndex === null) continue;
        logs.push({
          token: log.address.toLowerCase(),
          from: log.args.from.toLowerCase(),
          to: log.args.to.toLowerCase(),
          value: log.args.value,
          blockNumber: Number(log.blockNumber),
          blockHash: log.blockHash,
          transactionHash: log.transactionHash.toLowerCase(),
          logIndex: log.logIndex,
        });
      }
      return logs;
    },
    async decimals(token) {
      return client.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'decimals',
      });
    },
  };
}
