import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { keccak256, stringToBytes, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/**
 * The well-known development mnemonic of Hardhat and Anvil ("test … junk"): public, so never for
 * real money, and every wallet tool can check the values below. Its account node m/44'/60'/0'
 * is the deposit node of the EVM rail's tests.
 */
export const TEST_MNEMONIC = 'test test test test test test test test test test test junk';

/** m/44'/60'/0' of TEST_MNEMONIC, serialised with the mainnet versions. */
export const TEST_XPRV =
  'xprv9yeny6n2dNUokQFykGoZU6BDLeKbEBUoBeCFe2VF6MXdrHrprMYRc4tddncDRxrJCy7GtPDk68zRcgWtGFveqdCV5NyhZwVgMoZVbTm78vx';
export const TEST_XPUB =
  'xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP';

/** EIP-55 addresses of m/44'/60'/0'/0/n (Hardhat's accounts 0, 1 and 7, and the last index). */
export const TEST_DEPOSIT_ADDRESSES: ReadonlyArray<readonly [n: number, address: Address]> = [
  [0, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  [1, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  [7, '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'],
  [2147483647, '0x9d90537E6c8631CF4cBf3F3049519844027a3d68'],
];

/**
 * The tests' hot wallet: a key of its own (the Keccak-256 of a fixed phrase), so it is none of
 * the deposit addresses and none of Ganache's funded accounts; tests fund it on the chain.
 */
export const TEST_HOT_WALLET_KEY: Hex = keccak256(stringToBytes('cofre test hot wallet'));
export const TEST_HOT_WALLET_ADDRESS: Address = privateKeyToAccount(TEST_HOT_WALLET_KEY).address;

export interface OperatorKeyFiles {
  readonly xpub: string;
  /** A file holding the xprv and a newline, as `echo xprv… > file` writes it. */
  readonly xprvFile: string;
  /** A file holding `0x…` hex and a newline. */
  readonly hotWalletKeyFile: string;
  readonly hotWalletAddress: Address;
  remove(): Promise<void>;
}

/**
 * Writes the two secret files an operator gives the worker (COFRE_EVM_DEPOSIT_XPRV_FILE and
 * COFRE_EVM_HOT_WALLET_KEY_FILE) into a new temporary folder, readable by the owner only.
 */
export async function writeOperatorKeyFiles(): Promise<OperatorKeyFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'cofre-evm-keys-'));
  const xprvFile = join(dir, 'deposit.xprv');
  const hotWalletKeyFile = join(dir, 'hot-wallet.key');
  await writeFile(xprvFile, `${TEST_XPRV}\n`, { mode: 0o600 });
  await writeFile(hotWalletKeyFile, `${TEST_HOT_WALLET_KEY}\n`, { mode: 0o600 });
  return {
    xpub: TEST_XPUB,
    xprvFile,
    hotWalletKeyFile,
    hotWalletAddress: TEST_HOT_WALLET_ADDRESS,
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
