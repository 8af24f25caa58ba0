import type { EvmAsset, EvmRailConfig } from '../../config/rails-config.js';
import { eip55 } from '../../lib/crypto-addresses.js';
import type { FundingSource, OperationRow } from '../../operations/index.js';
import { RailStartError, type Rail, type RailDeps } from '../rail.js';
import { parseDepositXpub, type DepositAddresses } from './deposit-addresses.js';
import { assignedAddress } from './evm-addresses.repository.js';
import { evmNode } from './evm-node.js';
import type { WatchedToken } from './watcher/record-transfers.js';
import { scheduleWatch, watchHandler, type WatchState } from './watcher/watch-job.js';

/** Blocks read per watcher run at most (halved while a provider refuses ranges that wide). */
const MAX_BLOCKS_PER_RUN = 500;

/**
 * USDT and USDC as ERC-20 tokens on one EVM chain (docs/rails.md): deposit addresses derived
 * from the configured xpub, a watcher that credits confirmed transfers once, across reorgs.
 * Built in every process (the API needs the addresses); its jobs run in workers only.
 */
export function evmRail(config: EvmRailConfig, deps: RailDeps): Rail {
  const xpub = parseDepositXpub(config.depositXpub);
  if (xpub.kind === 'refused') throw new RailStartError(`COFRE_EVM_DEPOSIT_XPUB: ${xpub.problem}`);
  const addresses = xpub.addresses;
  const assets = Object.keys(config.tokens) as EvmAsset[];
  const node = evmNode(config.rpcUrl);
  const state: WatchState = { failures: 0, lastError: undefined };
  let tokens: Map<string, WatchedToken> | undefined;
  const readTokens = async () => {
    if (tokens) return tokens;
    const read = new Map<string, WatchedToken>();
    for (const asset of assets) {
      const contract = config.tokens[asset]!.toLowerCase();
      read.set(contract, { asset, decimals: await node.decimals(contract) });
    }
    return (tokens = read);
  };
  return {
    name: `evm:${config.network}`,
    network: config.network,
    assets,
    funding: evmFunding(config, addresses, deps),
    // A deposit waits for its money, which the watcher finds; payouts come with the payout job.
    scheduler: { requested: () => Promise.resolve() },
    serves: (operation: OperationRow) =>
      operation.type === 'DEPOSIT' && (assets as string[]).includes(operation.asset),
    jobHandlers(jobDeps) {
      return {
        'rail.evm.watch': watchHandler(
          {
            ...jobDeps,
            node,
            network: config.network,
            chainId: config.chainId,
            confirmations: config.confirmations,
            leaseMs: jobDeps.leaseMs,
            tokens: readTokens,
            range: { now: MAX_BLOCKS_PER_RUN, max: MAX_BLOCKS_PER_RUN },
          },
          config.pollMs,
          state,
        ),
      };
    },
    async startWorker(workerDeps) {
      let chainId: number | undefined;
      try {
        chainId = await node.chainId();
      } catch (error) {
        workerDeps.logger.warn(
          { err: error },
          'EVM rail: the node does not answer at start-up; the watcher will retry',
        );
      }
      if (chainId !== undefined && chainId !== config.chainId) {
        throw new RailStartError(
          `COFRE_EVM_CHAIN_ID is ${config.chainId}, but the node at COFRE_EVM_RPC_URL reports chain id ${chainId}`,
        );
      }
      await scheduleWatch(workerDeps.db, config.network, workerDeps.clock.now());
    },
  };
}

/**
 * The account's own address for a USDT/USDC deposit on this network: child 0/n of the xpub,
 * assigned on first use (evm-addresses.repository.ts), shown in EIP-55 form.
 */
function evmFunding(
  config: EvmRailConfig,
  addresses: DepositAddresses,
  deps: RailDeps,
): FundingSource {
  const assets = Object.keys(config.tokens);
  return {
    async standing(account, asset) {
      if (!assets.includes(asset)) throw new Error(`${asset} is not on this rail`);
      const assigned = await assignedAddress(deps.db, {
        network: config.network,
        accountId: account.id,
        customerId: account.customerId,
        asset: asset as EvmAsset,
        derive: (n) => addresses.address(n),
        now: deps.clock.now(),
      });
      return {
        asset: asset as EvmAsset,
        rail: 'CRYPTO',
        network: config.network,
        address: eip55(assigned.address.slice(2)),
      };
    },
  };
}
