import { createRequire } from 'node:module';
import type { Abi, Hex } from 'viem';

/**
 * ERC-20 contracts compiled by their publishers, read from node_modules (never copied into the
 * repository): OpenZeppelin 4.9's ERC20PresetMinterPauser (MIT; 18 decimals, minting by the
 * deployer, pausable) and Aave v3's MintableERC20 test token (BUSL-1.1, so used from its package
 * in tests only; decimals set by the constructor, anyone may mint).
 */
export interface TokenArtifact {
  readonly abi: Abi;
  readonly bytecode: Hex;
}

const load = createRequire(import.meta.url);

export const OPENZEPPELIN_MINTER_PAUSER = load(
  '@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json',
) as TokenArtifact;

export const AAVE_MINTABLE_ERC20 = load(
  '@aave/core-v3/artifacts/contracts/mocks/tokens/MintableERC20.sol/MintableERC20.json',
) as TokenArtifact;
