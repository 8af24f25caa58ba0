import {
  BaseError,
  createPublicClient,
  erc20Abi,
  http,
  parseAbiItem,
  toEventSelector,
  type Address,
  type Hex,
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
  /** Unix seconds. */
  timestamp: number;
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
  /**
   * `holder`'s balance of `token` (base units) as of block `block` (reconciliation reads every
   * address at one block; a pruned node answers for recent blocks only, which the watcher's
   * cursor is).
   */
  tokenBalanceAt(token: string, holder: string, block: number): Promise<bigint>;
  /** The next nonce of `address` by mined transactions (the `latest` tag; never `pending`). */
  minedNonce(address: string): Promise<number>;
  /** EIP-1559 fees for a transaction now. */
  fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }>;
  /** `holder`'s balance of `token` (base units) and of the chain's coin (wei, for gas). */
  balances(token: string, holder: string): Promise<{ token: bigint; gas: bigint }>;
  /**
   * Sends signed bytes. 'known': the node already has or had them (or their nonce is used) — the
   * receipt decides what happened. Any other refusal or a network failure throws.
   */
  broadcast(raw: string): Promise<'sent' | 'known'>;
  /** The receipt of a mined transaction, or undefined while it is not (or no longer) mined. */
  receipt(hash: string): Promise<PayoutReceipt | undefined>;
}

export interface PayoutReceipt {
  status: 'success' | 'reverted';
  blockNumber: number;
  blockHash: string;
  /** The Transfer log's index in its block, or 0 for a reverted one (no log). */
  logIndex: number;
}

/** What nodes answer to bytes they have seen, or to a nonce already used (geth, Nethermind, Ganache…). */
const KNOWN =
  /already known|known transaction|already imported|nonce too low|correct nonce|already exists/i;

const TRANSFER = parseAbiItem(
  'event Transfer(address indexed from, address indexed to, uint256 value)',
);
const TRANSFER_TOPIC = toEventSelector(TRANSFER);

/** Balance reads per JSON-RPC batch (reconcile/chain-side.ts sends this many at once). */
export const BALANCE_BATCH = 50;

export function evmNode(url: string, options: { timeoutMs?: number } = {}): EvmNode {
  // cacheTime 0: viem otherwise answers getBlockNumber from a cache for seconds, and a watcher
  // would read a stale head.
  const client: PublicClient = createPublicClient({
    transport: http(url, { retryCount: 0, timeout: options.timeoutMs ?? 5_000 }),
    cacheTime: 0,
  });
  // Reconciliation reads one balance per address and token: sent as JSON-RPC batches (one HTTP
  // request carries many calls; every standard node takes them), on a client of their own so
  // the watcher's and payouts' calls stay one per request.
  const batched: PublicClient = createPublicClient({
    transport: http(url, {
      retryCount: 0,
      timeout: options.timeoutMs ?? 5_000,
      batch: { batchSize: BALANCE_BATCH },
    }),
    cacheTime: 0,
  });
  return {
    ...chainReads(client),
    ...walletCalls(client),
    tokenBalanceAt: (token, holder, block) =>
      batched.readContract({
        address: token as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder as Address],
        blockNumber: BigInt(block),
      }),
  };
}

/** What the watcher reads: the chain, its blocks, the tokens' transfers and decimals. */
function chainReads(
  client: PublicClient,
): Pick<EvmNode, 'chainId' | 'head' | 'block' | 'transfers' | 'decimals'> {
  return {
    chainId: () => client.getChainId(),
    head: async () => Number(await client.getBlockNumber({ cacheTime: 0 })),
    async block(number) {
      try {
        const block = await client.getBlock({ blockNumber: BigInt(number) });
        return {
          number,
          hash: block.hash,
          parentHash: block.parentHash,
          timestamp: Number(block.timestamp),
        };
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

/** What payouts use: the hot wallet's nonce and balances, fees, sending and receipts. */
function walletCalls(
  client: PublicClient,
): Pick<EvmNode, 'minedNonce' | 'fees' | 'balances' | 'broadcast' | 'receipt'> {
  return {
    minedNonce: (address) =>
      client.getTransactionCount({ address: address as Address, blockTag: 'latest' }),
    async fees() {
      const fees = await client.estimateFeesPerGas();
      return { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
    },
    async balances(token, holder) {
      const [tokenBalance, gas] = await Promise.all([
        client.readContract({
          address: token as Address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [holder as Address],
        }),
        client.getBalance({ address: holder as Address }),
      ]);
      return { token: tokenBalance, gas };
    },
    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw as Hex });
        return 'sent';
      } catch (error) {
        if (error instanceof BaseError && KNOWN.test(`${error.details} ${error.shortMessage}`)) {
          return 'known';
        }
        throw error;
      }
    },
    async receipt(hash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
        const transfer = receipt.logs.find((log) => log.topics[0] === TRANSFER_TOPIC);
        return {
          status: receipt.status,
          blockNumber: Number(receipt.blockNumber),
          blockHash: receipt.blockHash,
          logIndex: transfer?.logIndex ?? 0,
        };
      } catch (error) {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') {
          return undefined;
        }
        throw error;
      }
    },
  };
}
