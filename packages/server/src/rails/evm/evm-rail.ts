import { readFileSync } from 'node:fs';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { EvmAsset, EvmRailConfig } from '../../config/rails-config.js';
import { eip55 } from '../../lib/crypto-addresses.js';
import { cryptoPayoutOf, type FundingSource, type OperationRow } from '../../operations/index.js';
import { RailStartError, type Rail, type RailDeps, type RailWorkerDeps } from '../rail.js';
import { parseDepositXpub, type DepositAddresses } from './deposit-addresses.js';
import { assignedAddress } from './evm-addresses.repository.js';
import { evmNode, type EvmNode } from './evm-node.js';
import { evmOperatorGuard } from './evm-operator-guard.js';
import { readHotWalletKey } from './hot-wallet-key.js';
import type { PayoutToken } from './payouts/payout-context.js';
import { payoutScheduler } from './payouts/payout-intent.js';
import { payoutsHandler, schedulePayouts } from './payouts/payout-job.js';
import { parseDepositXprv, type DepositKeys } from './deposit-keys.js';
import { scheduleSweeps, sweepHandler } from './sweeps/sweep-job.js';
import type { WatchedToken } from './watcher/record-transfers.js';
import { scheduleWatch, watchHandler } from './watcher/watch-job.js';
import { evmHealth } from './evm-health.js';
import { freshWatchState } from './rail-job-runs.repository.js';
import { reconcileEvm } from './reconcile/reconcile-evm.js';
import { reconcileHandler, scheduleReconcile } from './reconcile/reconcile-job.js';
import { storeReconciliation } from '../rail-reconciliations.repository.js';

/** Blocks read per watcher run at most (halved while a provider refuses ranges that wide). */
const MAX_BLOCKS_PER_RUN = 500;

/**
 * USDT and USDC as ERC-20 tokens on one EVM chain (docs/rails.md): deposit addresses derived
 * from the configured xpub, a watcher that credits confirmed transfers once across reorgs, and
 * payouts signed by the hot wallet once each across crashes. Built in every process (the API
 * needs the addresses and writes payout intents); its jobs run in workers only.
 */
export function evmRail(config: EvmRailConfig, deps: RailDeps): Rail {
  const xpub = parseDepositXpub(config.depositXpub);
  if (xpub.kind === 'refused') throw new RailStartError(`COFRE_EVM_DEPOSIT_XPUB: ${xpub.problem}`);
  const assets = Object.keys(config.tokens) as EvmAsset[];
  const node = evmNode(config.rpcUrl);
  const tokens = tokenReader(config, node);
  const watchState = freshWatchState();
  const payoutState = freshWatchState();
  const sweepState = freshWatchState();
  const chain = {
    node,
    network: config.network,
    chainId: config.chainId,
    confirmations: config.confirmations,
  };
  const name = `evm:${config.network}`;
  const reconcile = async (railDeps: Pick<RailDeps, 'db' | 'clock'>) => {
    const report = await reconcileEvm({
      ...railDeps,
      ...chain,
      rail: name,
      tokens: tokens.byAsset,
      hotWallet: () => hotWalletAddress(config),
    });
    await storeReconciliation(railDeps.db, report);
    return report;
  };
  return {
    name,
    network: config.network,
    assets,
    funding: evmFunding(config, xpub.addresses, deps),
    scheduler: payoutScheduler(config.network),
    serves: (operation) => servesOperation(config, operation),
    operatorGuard: evmOperatorGuard(config.network, `evm:${config.network}`),
    jobHandlers: (jobDeps) => ({
      'rail.evm.watch': watchHandler(
        {
          ...jobDeps,
          ...chain,
          tokens: tokens.byContract,
          range: { now: MAX_BLOCKS_PER_RUN, max: MAX_BLOCKS_PER_RUN },
        },
        config.pollMs,
        watchState,
      ),
      'rail.evm.payouts': payoutsHandler(
        { ...jobDeps, ...chain, wallet: loadHotWallet(config), tokens: tokens.byAsset },
        config.pollMs,
        payoutState,
      ),
      'rail.evm.sweep': sweepHandler(
        {
          ...jobDeps,
          ...chain,
          // Where sweeps go; the sweep job never signs with the hot wallet's key.
          hotWallet: loadHotWallet(config)?.address,
          keys: loadDepositKeys(config, xpub.addresses),
          thresholdMinor: config.sweepThresholdMinor,
          tokens: tokens.byContract,
        },
        config.pollMs,
        sweepState,
      ),
      'rail.evm.reconcile': reconcileHandler(jobDeps, () => reconcile(jobDeps)),
    }),
    startWorker: (workerDeps) => startEvmWorker(config, node, workerDeps),
    health: (db) =>
      evmHealth(db, {
        rail: name,
        network: config.network,
        confirmations: config.confirmations,
        now: deps.clock.now(),
      }),
    reconcile,
  };
}

/** Deposits of the rail's assets, and withdrawals of them to a wallet on its network. */
function servesOperation(config: EvmRailConfig, operation: OperationRow): boolean {
  if (!(operation.asset in config.tokens)) return false;
  if (operation.type === 'DEPOSIT') return true;
  return cryptoPayoutOf(operation)?.network === config.network;
}

/** The tokens' decimals, read from the contracts once (by contract for the watcher, by asset for payouts). */
function tokenReader(config: EvmRailConfig, node: EvmNode) {
  let read: Map<string, WatchedToken> | undefined;
  const byContract = async () => {
    if (read) return read;
    const found = new Map<string, WatchedToken>();
    for (const [asset, contract] of Object.entries(config.tokens) as [EvmAsset, string][]) {
      found.set(contract.toLowerCase(), { asset, decimals: await node.decimals(contract) });
    }
    return (read = found);
  };
  const byAsset = async () =>
    new Map<EvmAsset, PayoutToken>(
      [...(await byContract())].map(([contract, t]) => [
        t.asset,
        { contract, decimals: t.decimals },
      ]),
    );
  return { byContract, byAsset };
}

/**
 * The payout signer, read from COFRE_EVM_HOT_WALLET_KEY_FILE when a worker builds its jobs: a
 * file that does not hold a key stops the worker (RailStartError); no file configured leaves
 * payouts waiting (NO_KEY) and says so.
 */
function loadHotWallet(config: EvmRailConfig): PrivateKeyAccount | undefined {
  if (config.hotWalletKeyFile === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(config.hotWalletKeyFile, 'utf8');
  } catch (error) {
    throw new RailStartError(
      `COFRE_EVM_HOT_WALLET_KEY_FILE: cannot read ${config.hotWalletKeyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const key = readHotWalletKey(text);
  if (key.kind === 'refused')
    throw new RailStartError(`COFRE_EVM_HOT_WALLET_KEY_FILE: the file ${key.problem}`);
  return key.account;
}

/**
 * The deposit addresses' keys, read from COFRE_EVM_DEPOSIT_XPRV_FILE when a worker builds its
 * jobs: a file that does not hold the xprv of the xpub's node stops the worker; no file
 * configured leaves sweeping off (startEvmWorker says so).
 */
function loadDepositKeys(
  config: EvmRailConfig,
  addresses: DepositAddresses,
): DepositKeys | undefined {
  if (config.depositXprvFile === undefined) return undefined;
  let text: string;
  try {
    text = readFileSync(config.depositXprvFile, 'utf8');
  } catch (error) {
    throw new RailStartError(
      `COFRE_EVM_DEPOSIT_XPRV_FILE: cannot read ${config.depositXprvFile} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  const keys = parseDepositXprv(text, addresses);
  if (keys.kind === 'refused')
    throw new RailStartError(`COFRE_EVM_DEPOSIT_XPRV_FILE: the file ${keys.problem}`);
  return keys.keys;
}

/**
 * Worker start: a node that answers with another chain id stops the worker; one that does not
 * answer is retried by the jobs. Then the watcher's and the payouts' jobs exist, and the
 * sweeps' when both keys are configured.
 */
async function startEvmWorker(
  config: EvmRailConfig,
  node: EvmNode,
  deps: RailWorkerDeps,
): Promise<void> {
  await checkEvmNode(config, node, deps.logger);
  if (config.hotWalletKeyFile === undefined) {
    deps.logger.warn('EVM rail: no COFRE_EVM_HOT_WALLET_KEY_FILE; withdrawals wait (NO_KEY)');
  }
  await scheduleWatch(deps.db, config.network, deps.clock.now());
  await schedulePayouts(deps.db, config.network, deps.clock.now());
  if (config.depositXprvFile === undefined || config.hotWalletKeyFile === undefined) {
    deps.logger.warn(
      'EVM rail: sweeping is off (it needs both COFRE_EVM_DEPOSIT_XPRV_FILE and COFRE_EVM_HOT_WALLET_KEY_FILE); deposits stay on their addresses',
    );
  } else await scheduleSweeps(deps.db, config.network, deps.clock.now());
  await scheduleReconcile(deps.db, config.network, deps.clock.now());
}

/** The hot wallet's address from its key file, or undefined (none configured, or unreadable). */
function hotWalletAddress(config: EvmRailConfig): string | undefined {
  try {
    return loadHotWallet(config)?.address;
  } catch {
    return undefined;
  }
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

/**
 * Start-up (every role: the worker here, `cofre api` through rails/check-nodes.ts): a node that
 * answers with another chain id than COFRE_EVM_CHAIN_ID stops the process (RailStartError, exit
 * non-zero with the message); one that does not answer is not an error — the API keeps answering
 * and the jobs retry.
 */
export async function checkEvmNode(
  config: EvmRailConfig,
  node: Pick<EvmNode, 'chainId'>,
  logger: Pick<RailWorkerDeps['logger'], 'warn'>,
): Promise<void> {
  let chainId: number | undefined;
  try {
    chainId = await node.chainId();
  } catch (error) {
    logger.warn(
      { err: error },
      'EVM rail: the node does not answer at start-up; the jobs will retry',
    );
  }
  if (chainId !== undefined && chainId !== config.chainId) {
    throw new RailStartError(
      `COFRE_EVM_CHAIN_ID is ${config.chainId}, but the node at COFRE_EVM_RPC_URL reports chain id ${chainId}`,
    );
  }
}
