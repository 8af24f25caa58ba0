import { keccak_256 } from '@noble/hashes/sha3.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

/**
 * Wallet address checks per network, so a payout is never sent to a typo. Pure; table-tested
 * with public vectors (test/unit/crypto-addresses.validation.test.ts).
 */
export const CRYPTO_NETWORKS = ['ETHEREUM', 'POLYGON', 'TRON', 'BITCOIN'] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export type AddressVerdict =
  { kind: 'valid'; address: string } | { kind: 'bad-format' } | { kind: 'bad-checksum' };

const base58check = createBase58check(sha256);
const hexOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** EIP-55 mixed-case checksum of a 40-hex-digit address (without `0x`). */
export function eip55(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = hexOf(keccak_256(new TextEncoder().encode(lower)));
  let out = '';
  for (let i = 0; i < 40; i++) {
    const c = lower[i]!;
    out += parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return `0x${out}`;
}

/**
 * EVM (Ethereum, Polygon): `0x` + 40 hex digits. All-lower or all-upper case carries no checksum
 * and is accepted as is; mixed case must be the EIP-55 checksum. Stored in EIP-55 form, so the
 * same wallet written in two cases is one instruction.
 */
export function checkEvmAddress(address: string): AddressVerdict {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return { kind: 'bad-format' };
  const body = address.slice(2);
  const checksummed = eip55(body);
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && checksummed !== address) return { kind: 'bad-checksum' };
  return { kind: 'valid', address: checksummed };
}

/** Base58Check payload of `address`, undefined when the alphabet or the checksum is wrong. */
function base58Payload(address: string): Uint8Array | 'bad-format' | 'bad-checksum' {
  if (!/^[1-9A-HJ-NP-Za-km-z]+$/.test(address)) return 'bad-format';
  try {
    return base58check.decode(address);
  } catch {
    return 'bad-checksum';
  }
}

/** TRON: Base58Check of 21 bytes starting 0x41 (so the text starts with `T`). */
export function checkTronAddress(address: string): AddressVerdict {
  if (address.length !== 34 || !address.startsWith('T')) return { kind: 'bad-format' };
  const payload = base58Payload(address);
  if (payload === 'bad-format') return { kind: 'bad-format' };
  if (payload === 'bad-checksum') return { kind: 'bad-checksum' };
  if (payload.length !== 21 || payload[0] !== 0x41) return { kind: 'bad-format' };
  return { kind: 'valid', address };
}

/**
 * Bitcoin mainnet: legacy Base58Check P2PKH (version 0x00, `1…`) or P2SH (0x05, `3…`), or
 * segwit (BIP 173 bech32 for witness v0 with a 20- or 32-byte program; BIP 350 bech32m for v1+,
 * e.g. taproot `bc1p…`). Testnet addresses are refused: payouts go to mainnet wallets.
 */
export function checkBitcoinAddress(address: string): AddressVerdict {
  if (/^bc1/i.test(address)) return checkSegwit(address);
  if (!/^[13]/.test(address) || address.length < 26 || address.length > 35) {
    return { kind: 'bad-format' };
  }
  const payload = base58Payload(address);
  if (payload === 'bad-format') return { kind: 'bad-format' };
  if (payload === 'bad-checksum') return { kind: 'bad-checksum' };
  if (payload.length !== 21 || (payload[0] !== 0x00 && payload[0] !== 0x05)) {
    return { kind: 'bad-format' };
  }
  return { kind: 'valid', address };
}

function checkSegwit(address: string): AddressVerdict {
  // BIP 173: one case throughout; stored lower-case.
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) {
    return { kind: 'bad-format' };
  }
  const lower = address.toLowerCase();
  if (!/^bc1[02-9ac-hj-np-z]{6,87}$/.test(lower)) return { kind: 'bad-format' };
  const v0 = bech32.decodeUnsafe(lower, 90);
  const v1 = v0 ? undefined : bech32m.decodeUnsafe(lower, 90);
  const decoded = v0 ?? v1;
  if (!decoded || decoded.prefix !== 'bc') return { kind: 'bad-checksum' };
  const [version, ...rest] = decoded.words;
  if (version === undefined || version > 16) return { kind: 'bad-format' };
  // v0 must use bech32, v1+ bech32m (BIP 350): the other encoding is a checksum failure.
  if ((version === 0) !== Boolean(v0)) return { kind: 'bad-checksum' };
  let program: Uint8Array;
  try {
    program = bech32.fromWords(rest);
  } catch {
    return { kind: 'bad-format' };
  }
  if (program.length < 2 || program.length > 40) return { kind: 'bad-format' };
  if (version === 0 && program.length !== 20 && program.length !== 32) {
    return { kind: 'bad-format' };
  }
  return { kind: 'valid', address: lower };
}

export function checkAddress(network: CryptoNetwork, address: string): AddressVerdict {
  switch (network) {
    case 'ETHEREUM':
    case 'POLYGON':
      return checkEvmAddress(address);
    case 'TRON':
      return checkTronAddress(address);
    case 'BITCOIN':
      return checkBitcoinAddress(address);
  }
}
