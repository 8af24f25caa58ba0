import { bytesToHex, type Hex } from 'viem';
import type { DepositAddresses } from './deposit-addresses.js';
import { assertAddressIndex, readAccountNode } from './extended-key.js';
import { withoutTrailingNewline } from '../../lib/secret-file-text.js';

/**
 * The worker's side of the deposit addresses (COFRE_EVM_DEPOSIT_XPRV_FILE): the private key of
 * address 0/n, to sweep what arrived there into the hot wallet. Never held by the API.
 */
export interface DepositKeys {
  /** The 32-byte private key of child 0/n, `0x…`; its address is `addresses.address(n)`. */
  privateKeyOf(n: number): Hex;
}

export type DepositXprvCheck =
  { kind: 'valid'; keys: DepositKeys } | { kind: 'refused'; problem: string };

/**
 * Checks the text of the xprv file (one trailing newline allowed) as the private key of the very
 * node whose xpub the API derives addresses from: an xprv of another node would sweep from
 * addresses no customer was given, and miss every one they were.
 */
export function parseDepositXprv(fileText: string, addresses: DepositAddresses): DepositXprvCheck {
  const read = readAccountNode(withoutTrailingNewline(fileText), 'xprv');
  if (read.kind === 'refused') return read;
  if (read.node.publicExtendedKey !== addresses.publicExtendedKey)
    return {
      kind: 'refused',
      problem: 'is the key of another node than the deposit xpub (their public keys differ)',
    };
  const external = read.node.deriveChild(0);
  return {
    kind: 'valid',
    keys: {
      privateKeyOf(n) {
        assertAddressIndex(n);
        const key = external.deriveChild(n).privateKey;
        if (key === null) throw new Error('the deposit node has no private key');
        return bytesToHex(key);
      },
    },
  };
}
