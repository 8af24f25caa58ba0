import ganache from 'ganache';
import { getAddress, numberToHex, type Address, type Hex } from 'viem';

/**
 * An EVM chain in this process (Ganache 7.9.2), listening on 127.0.0.1 on a free port, for tests
 * that talk to it over JSON-RPC like cofre talks to a node. Each transaction is mined in its own
 * block before its hash is returned (Ganache's default "eager" instamine); blocks are mined only
 * by transactions and `mine()`, so a test decides when confirmations grow.
 *
 * Ganache quirks a test must know, all seen on 7.9.2: a re-broadcast raw
 * transaction with nonce 0 runs again, so a sender must have sent one transaction before a test
 * re-broadcasts; the `pending` block tag ignores the mempool; `safe`/`finalized` are the latest
 * block; looking up an orphaned block by hash answers the new block at that height.
 */
export interface LocalChain {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly chainId: number;
  /** The funded accounts (1000 ETH each), the same on every start: Ganache's deterministic wallet. */
  readonly accounts: ReadonlyArray<{ readonly address: Address; readonly privateKey: Hex }>;
  /** Mines `blocks` empty blocks (plus any pending transactions in the first). */
  mine(blocks?: number): Promise<void>;
  /** Marks the chain's state, to go back to it with `revert`: a simulated reorg. */
  snapshot(): Promise<ChainSnapshot>;
  /**
   * Puts the chain back to `snapshot`: every block after it is gone, and mining again builds
   * other blocks at the same heights. Ganache forgets a snapshot once it is reverted to (and
   * every snapshot taken after it), so this throws on a used snapshot instead of failing quietly:
   * take a new one after each revert.
   */
  revert(snapshot: ChainSnapshot): Promise<void>;
  /** Sets an address's ether balance, for gas, without a funding transaction (mines a block). */
  setBalance(address: Address, wei: bigint): Promise<void>;
  /** Leaves sent transactions pending until `mine()` or `startMining()`. */
  stopMining(): Promise<void>;
  startMining(): Promise<void>;
  close(): Promise<void>;
}

/** A point to revert to; used up by the revert (see LocalChain.revert). */
export interface ChainSnapshot {
  /** The head when it was taken. */
  readonly blockNumber: bigint;
}

export interface LocalChainOptions {
  /** eth_chainId (default 31337, the id local development chains use). */
  chainId?: number;
  /** How many funded accounts (default 5). */
  accounts?: number;
}

interface SnapshotState extends ChainSnapshot {
  readonly id: string;
  /** Taken in this order; a revert to one uses it and every later one up. */
  readonly order: number;
  used: boolean;
}

export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const chainId = options.chainId ?? 31337;
  const server = ganache.server({
    // Without quiet, Ganache prints every RPC call to stdout.
    logging: { quiet: true },
    chain: { chainId },
    wallet: { deterministic: true, totalAccounts: options.accounts ?? 5, defaultBalance: 1000 },
  });
  await server.listen(0, '127.0.0.1');
  const address = server.address();
  const provider = server.provider;
  const initial = provider.getInitialAccounts();
  const accounts = Object.entries(initial).map(([address, account]) => ({
    address: getAddress(address),
    privateKey: account.secretKey as Hex,
  }));
  const snapshots: SnapshotState[] = [];
  let taken = 0;

  const blockNumber = async () =>
    BigInt(await provider.request({ method: 'eth_blockNumber', params: [] }));

  return {
    url: `http://127.0.0.1:${address.port}`,
    chainId,
    accounts,
    async mine(blocks = 1) {
      await provider.request({ method: 'evm_mine', params: [{ blocks }] });
    },
    async snapshot() {
      const id = await provider.request({ method: 'evm_snapshot', params: [] });
      const state: SnapshotState = {
        id,
        order: taken++,
        used: false,
        blockNumber: await blockNumber(),
      };
      snapshots.push(state);
      return state;
    },
    async revert(snapshot) {
      const state = snapshots.find((s) => s === snapshot);
      if (state === undefined) throw new Error('not a snapshot of this chain');
      if (state.used)
        throw new Error('this snapshot was used up by a revert (its own or an earlier one)');
      for (const s of snapshots) if (s.order >= state.order) s.used = true;
      const reverted = await provider.request({ method: 'evm_revert', params: [state.id] });
      if (!reverted) throw new Error(`Ganache did not revert to snapshot ${state.id}`);
    },
    async setBalance(address, wei) {
      await provider.request({
        method: 'evm_setAccountBalance',
        params: [address, numberToHex(wei)],
      });
    },
    async stopMining() {
      await provider.request({ method: 'miner_stop', params: [] });
    },
    async startMining() {
      await provider.request({ method: 'miner_start', params: [] });
    },
    close: () => server.close(),
  };
}
