import { secp256k1 } from '@noble/curves/secp256k1';
import type { HDKey } from '@scure/bip32';
import { bytesToHex, type Address } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { assertAddressIndex, readAccountNode } from './extended-key.js';

/**
 * The deposit addresses of one account-level xpub (COFRE_EVM_DEPOSIT_XPUB): address n is the
 * external-chain child m/44'/60'/0'/0/n, the address wallets show for that key, so the operator
 * can check any of them in a wallet holding the same seed. The API needs only this public key.
 */
export interface DepositAddresses {
  /** The xpub as given, for the worker's check that its xprv is the same node. */
  readonly publicExtendedKey: string;
  /** The EIP-55 address of child 0/n (n from 0 to 2^31 − 1). */
  address(n: number): Address;
}

export type DepositXpubCheck =
  { kind: 'valid'; addresses: DepositAddresses } | { kind: 'refused'; problem: string };

/**
 * The address of a BIP-32 node. Its public key is compressed (33 bytes); an Ethereum address is
 * the Keccak-256 of the uncompressed point without its 0x04 prefix, which viem's
 * publicKeyToAddress computes from the 65-byte form only.
 */
function addressOfNode(node: HDKey): Address {
  const compressed = node.publicKey;
  if (compressed === null) throw new Error('the node has no public key');
  const point = secp256k1.ProjectivePoint.fromHex(compressed);
  return publicKeyToAddress(bytesToHex(point.toRawBytes(false)));
}

/** Checks `text` as an account-level xpub (extended-key.ts) and derives its addresses. */
export function parseDepositXpub(text: string): DepositXpubCheck {
  const read = readAccountNode(text, 'xpub');
  if (read.kind === 'refused') return read;
  // Derived once: every address is a child of the external chain 0.
  const external = read.node.deriveChild(0);
  return {
    kind: 'valid',
    addresses: {
      publicExtendedKey: read.node.publicExtendedKey,
      address(n) {
        assertAddressIndex(n);
        return addressOfNode(external.deriveChild(n));
      },
    },
  };
}
