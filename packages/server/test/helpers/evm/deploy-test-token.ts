import { getAddress, type Address, type Hex } from 'viem';
import type { TestClients } from './test-clients.js';
import {
  AAVE_MINTABLE_ERC20,
  OPENZEPPELIN_MINTER_PAUSER,
  type TokenArtifact,
} from './token-artifacts.js';

/** A deployed test token. Its address is EIP-55 (Ganache answers lower case). */
export interface TestToken {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
  /** OpenZeppelin's preset can be paused (every transfer then reverts); Aave's cannot. */
  readonly pausable: boolean;
}

async function deploy(
  clients: TestClients,
  deployerKey: Hex,
  artifact: TokenArtifact,
  args: readonly unknown[],
): Promise<Address> {
  const hash = await clients.wallet(deployerKey).deployContract({ ...artifact, args });
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.contractAddress == null) throw new Error('the deployment created no contract');
  return receipt.contractAddress;
}

/** A 6-decimal token like USDT and USDC on Ethereum (Aave's MintableERC20). */
export async function deploySixDecimalToken(
  clients: TestClients,
  deployerKey: Hex,
  symbol: 'USDT' | 'USDC',
): Promise<TestToken> {
  const address = await deploy(clients, deployerKey, AAVE_MINTABLE_ERC20, [symbol, symbol, 6]);
  return { address: getAddress(address), symbol, decimals: 6, pausable: false };
}

/** An 18-decimal token like USDT on BNB Chain (OpenZeppelin's ERC20PresetMinterPauser). */
export async function deployEighteenDecimalToken(
  clients: TestClients,
  deployerKey: Hex,
  symbol: string,
): Promise<TestToken> {
  const address = await deploy(clients, deployerKey, OPENZEPPELIN_MINTER_PAUSER, [symbol, symbol]);
  return { address: getAddress(address), symbol, decimals: 18, pausable: true };
}
