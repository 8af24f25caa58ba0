import { HDKey } from '@scure/bip32';

/**
 * Reading an operator's BIP-32 extended key of the account-level node m/44'/60'/0' (BIP-44,
 * coin type 60 = Ether), shared by the API's xpub and the worker's xprv. Pure; every refusal is
 * a sentence that names what is wrong and never repeats the key (a private key must not reach a
 * log, and a public one links every deposit address to its owner).
 */
export type ExtendedKeyCheck =
  { kind: 'valid'; node: HDKey } | { kind: 'refused'; problem: string };

/** BIP-32 marks a hardened child by this offset in its index: 0' is 2^31. */
const HARDENED = 0x8000_0000;

/** The depth of m/44'/60'/0' (purpose, coin type, account). */
const ACCOUNT_DEPTH = 3;

/** Base58 (Bitcoin's alphabet): what an extended key is written in. */
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/**
 * Version prefixes of other BIP-32 serialisations, each with why it is refused, so an operator who
 * pasted the wrong export is told which one it was (SLIP-0132 lists them).
 */
const OTHER_VERSIONS: Readonly<Record<string, string>> = {
  tpub: 'a testnet key (tpub)',
  tprv: 'a testnet key (tprv)',
  ypub: 'a BIP-49 key (ypub)',
  yprv: 'a BIP-49 key (yprv)',
  zpub: 'a BIP-84 key (zpub)',
  zprv: 'a BIP-84 key (zprv)',
};

const describeIndex = (index: number): string =>
  index >= HARDENED ? `${index - HARDENED}'` : `${index} (not hardened)`;

/**
 * Decodes `text` as an extended key of the `prefix` kind (`xpub` or `xprv`, the mainnet versions,
 * which EVM wallets use on every chain) and checks that it is an account node: depth 3, child
 * index 0'. The parent path itself is not in the key (only its depth and the last index are), so
 * m/44'/60'/0' and, say, m/49'/0'/0' cannot be told apart; the docs say which to export.
 */
export function readAccountNode(text: string, prefix: 'xpub' | 'xprv'): ExtendedKeyCheck {
  const refused = (problem: string): ExtendedKeyCheck => ({ kind: 'refused', problem });
  const other = prefix === 'xpub' ? 'xprv' : 'xpub';
  if (text === '') return refused('is empty');
  if (text.startsWith(other))
    return refused(
      prefix === 'xpub'
        ? 'is a private extended key (xprv); give the public one (xpub) of the same node'
        : 'is a public extended key (xpub); give the private one (xprv) of the same node',
    );
  const version = OTHER_VERSIONS[text.slice(0, 4)];
  if (version !== undefined) return refused(`is ${version}; expected a mainnet ${prefix}`);
  if (!text.startsWith(prefix)) return refused(`does not start with "${prefix}"`);
  if (!BASE58.test(text)) return refused('contains a character that is not Base58');
  let node: HDKey;
  try {
    node = HDKey.fromExtendedKey(text);
  } catch {
    // The library's message is not passed on: it is not written for an operator, and it is
    // not ours to promise that it never quotes its input.
    return refused('is not a valid extended key (wrong length or checksum)');
  }
  if (node.depth !== ACCOUNT_DEPTH)
    return refused(
      `is a node at depth ${node.depth}; expected depth ${ACCOUNT_DEPTH}, the account node m/44'/60'/0'`,
    );
  if (node.index !== HARDENED)
    return refused(
      `is child ${describeIndex(node.index)} of its parent; expected 0', the account node m/44'/60'/0'`,
    );
  return { kind: 'valid', node };
}

/** The largest non-hardened child index, 2^31 − 1: deposit address numbers run 0 to this. */
export const MAX_ADDRESS_INDEX = HARDENED - 1;

/** Throws a RangeError unless `n` is a deposit address number (a programming error, not input). */
export function assertAddressIndex(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_ADDRESS_INDEX)
    throw new RangeError(`address index must be an integer from 0 to ${MAX_ADDRESS_INDEX}`);
}
