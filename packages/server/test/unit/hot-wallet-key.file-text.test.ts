import { describe, expect, it } from 'vitest';
import { readHotWalletKey } from '../../src/rails/evm/hot-wallet-key.js';
import { TEST_HOT_WALLET_ADDRESS, TEST_HOT_WALLET_KEY } from '../helpers/evm/hd-fixture.js';

const KEY = TEST_HOT_WALLET_KEY;
const DIGITS = KEY.slice(2);
// secp256k1's group order n: a private key is 1 … n − 1.
const ORDER = 'fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141';

describe('the hot wallet key file', () => {
  it.each([
    ['the key alone', KEY],
    ['a trailing newline', `${KEY}\n`],
    ['a trailing CRLF', `${KEY}\r\n`],
    ['upper-case digits', `0x${DIGITS.toUpperCase()}\n`],
  ])('accepts %s and signs as the key’s address', (_, text) => {
    const check = readHotWalletKey(text);
    if (check.kind !== 'valid') throw new Error(`refused: ${check.problem}`);
    expect(check.account.address).toBe(TEST_HOT_WALLET_ADDRESS);
  });

  it('answers an account that shows no private key when logged or serialised', () => {
    const check = readHotWalletKey(KEY);
    if (check.kind !== 'valid') throw new Error('refused');
    expect(JSON.stringify(check.account)).not.toContain(DIGITS);
    expect(Object.values(check.account).map(String).join(' ')).not.toContain(DIGITS);
  });

  it.each([
    ['an empty file', '', 'is empty'],
    ['a newline alone', '\n', 'is empty'],
    ['two trailing newlines', `${KEY}\n\n`, 'contains whitespace'],
    ['a leading space', ` ${KEY}`, 'contains whitespace'],
    ['a comment after the key', `${KEY} # hot`, 'contains whitespace'],
    ['no 0x prefix', DIGITS, 'does not start with 0x'],
    ['a non-hex digit', `0x${DIGITS.slice(0, 63)}g`, 'not a hexadecimal digit'],
    ['63 digits', `0x${DIGITS.slice(0, 63)}`, 'has 63 hexadecimal digits'],
    ['65 digits', `0x${DIGITS}0`, 'has 65 hexadecimal digits'],
    ['an address', `${TEST_HOT_WALLET_ADDRESS}\n`, 'has 40 hexadecimal digits'],
    ['zero', `0x${'0'.repeat(64)}`, 'not a valid secp256k1 private key'],
    ['the curve order', `0x${ORDER}`, 'not a valid secp256k1 private key'],
  ])('refuses %s without quoting it', (_, text, problem) => {
    const check = readHotWalletKey(text);
    expect(check.kind).toBe('refused');
    if (check.kind !== 'refused') return;
    expect(check.problem).toContain(problem);
    expect(check.problem).not.toMatch(/[0-9a-f]{8}/i);
  });
});
