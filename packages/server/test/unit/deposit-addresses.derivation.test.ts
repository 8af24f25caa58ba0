import { HDKey } from '@scure/bip32';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { parseDepositXpub, type DepositAddresses } from '../../src/rails/evm/deposit-addresses.js';
import { parseDepositXprv } from '../../src/rails/evm/deposit-keys.js';
import { TEST_DEPOSIT_ADDRESSES, TEST_XPRV, TEST_XPUB } from '../helpers/evm/hd-fixture.js';

// Another seed's tree, to build keys of the wrong node, depth, index or version.
const seed = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const other = HDKey.fromMasterSeed(seed);
const TESTNET = { private: 0x04358394, public: 0x043587cf };
const testnet = HDKey.fromMasterSeed(seed, TESTNET).derive("m/44'/60'/0'");

function addressesOf(xpub: string): DepositAddresses {
  const check = parseDepositXpub(xpub);
  if (check.kind !== 'valid') throw new Error(`refused: ${check.problem}`);
  return check.addresses;
}

describe('deposit addresses from the account xpub', () => {
  const addresses = addressesOf(TEST_XPUB);

  it.each(TEST_DEPOSIT_ADDRESSES)('derives 0/%i as %s (EIP-55)', (n, expected) => {
    expect(addresses.address(n)).toBe(expected);
  });

  it.each([-1, 2 ** 31, 1.5, Number.NaN])('refuses address index %s', (n) => {
    expect(() => addresses.address(n)).toThrow(RangeError);
  });

  it.each([
    ['an empty value', '', 'is empty'],
    ['a testnet key', testnet.publicExtendedKey, 'is a testnet key (tpub)'],
    ['an xprv', TEST_XPRV, 'is a private extended key (xprv)'],
    ['a node at depth 2', other.derive("m/44'/60'").publicExtendedKey, 'at depth 2'],
    ['a node at depth 4', other.derive("m/44'/60'/0'/0").publicExtendedKey, 'at depth 4'],
    ['account 1', other.derive("m/44'/60'/1'").publicExtendedKey, "is child 1' of its parent"],
    [
      'a non-hardened child',
      other.derive("m/44'/60'/0").publicExtendedKey,
      'is child 0 (not hardened)',
    ],
    ['a wrong checksum', `${TEST_XPUB.slice(0, -1)}Q`, 'wrong length or checksum'],
    ['a truncated key', TEST_XPUB.slice(0, 100), 'wrong length or checksum'],
    ['a trailing space', `${TEST_XPUB} `, 'not Base58'],
    ['something else', 'hello', 'does not start with "xpub"'],
  ])('refuses %s, saying why, without echoing the key', (_, text, problem) => {
    const check = parseDepositXpub(text);
    expect(check.kind).toBe('refused');
    if (check.kind !== 'refused') return;
    expect(check.problem).toContain(problem);
    if (text.length > 8) expect(check.problem).not.toContain(text.slice(4, 12));
  });
});

describe('deposit keys from the account xprv (the worker)', () => {
  const addresses = addressesOf(TEST_XPUB);

  it.each(TEST_DEPOSIT_ADDRESSES)('gives the private key of 0/%i, whose address is %s', (n, a) => {
    const check = parseDepositXprv(`${TEST_XPRV}\n`, addresses);
    if (check.kind !== 'valid') throw new Error(`refused: ${check.problem}`);
    expect(privateKeyToAccount(check.keys.privateKeyOf(n)).address).toBe(a);
  });

  it.each([
    ['without a newline', TEST_XPRV],
    ['with a CRLF', `${TEST_XPRV}\r\n`],
  ])('accepts the file %s', (_, text) => {
    expect(parseDepositXprv(text, addresses).kind).toBe('valid');
  });

  it.each([
    ['an xprv of another node', other.derive("m/44'/60'/0'").privateExtendedKey, 'another node'],
    ['the xpub', TEST_XPUB, 'is a public extended key (xpub)'],
    ['a testnet xprv', testnet.privateExtendedKey, 'is a testnet key (tprv)'],
    ['a node at depth 2', other.derive("m/44'/60'").privateExtendedKey, 'at depth 2'],
    ['two newlines', `${TEST_XPRV}\n\n`, 'not Base58'],
  ])('refuses %s without echoing the key', (_, text, problem) => {
    const check = parseDepositXprv(text, addresses);
    expect(check.kind).toBe('refused');
    if (check.kind !== 'refused') return;
    expect(check.problem).toContain(problem);
    expect(check.problem).not.toContain(text.slice(4, 12));
  });
});
