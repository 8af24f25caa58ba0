import { secp256k1 } from '@noble/curves/secp256k1';
import type { PrivateKeyAccount } from 'viem/accounts';
import { privateKeyToAccount } from 'viem/accounts';
import { withoutTrailingNewline } from '../../lib/secret-file-text.js';

export type HotWalletKeyCheck =
  { kind: 'valid'; account: PrivateKeyAccount } | { kind: 'refused'; problem: string };

/**
 * Reads the payout signer from the text of COFRE_EVM_HOT_WALLET_KEY_FILE: `0x` and 64 hex digits
 * (a secp256k1 private key), one trailing newline allowed, nothing else. The answer is a viem
 * account, which signs with the key but has no property holding it, so logging or serialising
 * it shows the address and public key only. No refusal quotes the text, not even in part.
 */
export function readHotWalletKey(fileText: string): HotWalletKeyCheck {
  const refused = (problem: string): HotWalletKeyCheck => ({ kind: 'refused', problem });
  const text = withoutTrailingNewline(fileText);
  if (text.trim() === '') return refused('is empty');
  if (/\s/.test(text))
    return refused('contains whitespace; only the key and one trailing newline are allowed');
  if (!text.startsWith('0x')) return refused('does not start with 0x');
  const digits = text.slice(2);
  if (!/^[0-9a-fA-F]*$/.test(digits))
    return refused('contains a character that is not a hexadecimal digit after 0x');
  if (digits.length !== 64)
    return refused(`has ${digits.length} hexadecimal digits after 0x; a private key has 64`);
  if (!secp256k1.utils.isValidPrivateKey(digits))
    return refused('is not a valid secp256k1 private key (zero, or not below the curve order)');
  return { kind: 'valid', account: privateKeyToAccount(`0x${digits.toLowerCase()}`) };
}
