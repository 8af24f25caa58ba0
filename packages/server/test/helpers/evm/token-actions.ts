import {
  encodeFunctionData,
  erc20Abi,
  parseAbi,
  type Address,
  type Hex,
  type TransactionReceipt,
} from 'viem';
import type { TestToken } from './deploy-test-token.js';
import type { TestClients } from './test-clients.js';

/*
 * What tests do with the test tokens. Each call waits for its receipt, so it needs mining on
 * (not between LocalChain.stopMining and startMining); the nonce comes from the node, whose
 * `pending` count on Ganache ignores the mempool, so two of these sent while mining is stopped
 * would share one.
 */

/** The two tokens' own functions beyond ERC-20, with the signatures both contracts share. */
const adminAbi = parseAbi([
  'function mint(address to, uint256 amount)',
  'function pause()',
  'function unpause()',
]);

/** Enough gas for a transfer of these tokens (53 587 at most, to a new holder). */
const TRANSFER_GAS = 100_000n;

/** Mints `amount` base units to `to`, signed by `minterKey` (the deployer, for OpenZeppelin's). */
export async function mintToken(
  clients: TestClients,
  minterKey: Hex,
  token: TestToken,
  to: Address,
  amount: bigint,
): Promise<void> {
  const hash = await clients.wallet(minterKey).writeContract({
    address: token.address,
    abi: adminAbi,
    functionName: 'mint',
    args: [to, amount],
  });
  await expectSuccess(clients, hash, `mint ${token.symbol}`);
}

/** Transfers `amount` base units from the holder of `fromKey` to `to`; the mined receipt. */
export async function transferToken(
  clients: TestClients,
  fromKey: Hex,
  token: TestToken,
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await clients.wallet(fromKey).writeContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [to, amount],
  });
  return expectSuccess(clients, hash, `transfer ${token.symbol}`);
}

/**
 * Sends a transfer that the chain mines as reverted (a paused token, an amount beyond the
 * balance), as a payout would meet it: with an explicit gas limit, because viem would otherwise
 * estimate the gas first and throw before anything is sent. The fee is paid all the same.
 */
export async function sendRevertingTransfer(
  clients: TestClients,
  fromKey: Hex,
  token: TestToken,
  to: Address,
  amount: bigint,
): Promise<TransactionReceipt> {
  const hash = await clients.wallet(fromKey).sendTransaction({
    to: token.address,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
    gas: TRANSFER_GAS,
  });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'reverted') throw new Error(`the ${token.symbol} transfer did not revert`);
  return receipt;
}

export async function tokenBalance(
  clients: TestClients,
  token: TestToken,
  holder: Address,
): Promise<bigint> {
  return clients.public.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [holder],
  });
}

/** Pauses or unpauses an OpenZeppelin token (its deployer holds the pauser role). */
export async function setTokenPaused(
  clients: TestClients,
  pauserKey: Hex,
  token: TestToken,
  paused: boolean,
): Promise<void> {
  if (!token.pausable) throw new Error(`${token.symbol} cannot be paused`);
  const hash = await clients.wallet(pauserKey).writeContract({
    address: token.address,
    abi: adminAbi,
    functionName: paused ? 'pause' : 'unpause',
  });
  await expectSuccess(clients, hash, paused ? 'pause' : 'unpause');
}

async function expectSuccess(
  clients: TestClients,
  hash: Hex,
  what: string,
): Promise<TransactionReceipt> {
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (${hash})`);
  return receipt;
}
