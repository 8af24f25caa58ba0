import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { describe, expect, it } from 'vitest';
import {
  checkAddress,
  checkBitcoinAddress,
  checkEvmAddress,
  checkTronAddress,
} from '../../src/lib/crypto-addresses.js';

const b58c = createBase58check(sha256);
const bytes = (first: number, length: number) =>
  Uint8Array.from({ length }, (_, i) => (i === 0 ? first : (i * 37) % 256));
const segwit = (coder: typeof bech32, version: number, program: Uint8Array, prefix = 'bc') =>
  coder.encode(prefix, [version, ...coder.toWords(program)]);

describe('EVM addresses (EIP-55)', () => {
  // The test vectors of EIP-55 itself: mixed case, all upper, all lower.
  it.each([
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
  ])('accepts %s', (address) => {
    expect(checkEvmAddress(address).kind).toBe('valid');
  });

  it('accepts an all-lower-case address and stores its EIP-55 form', () => {
    expect(checkEvmAddress('0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toEqual({
      kind: 'valid',
      address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    });
  });

  it.each([
    '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfb6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9adb',
  ])('refuses a mixed-case address whose case is not the checksum: %s', (address) => {
    expect(checkEvmAddress(address)).toEqual({ kind: 'bad-checksum' });
  });

  it.each([
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
    ['41 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd'],
    ['a non-hex digit', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg'],
  ])('refuses %s as bad format', (_, address) => {
    expect(checkEvmAddress(address)).toEqual({ kind: 'bad-format' });
  });
});

describe('TRON addresses', () => {
  it('accepts the USDT contract address and any 0x41-prefixed Base58Check', () => {
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').kind).toBe('valid');
    expect(checkTronAddress(b58c.encode(bytes(0x41, 21))).kind).toBe('valid');
  });

  it('refuses a changed character as a checksum failure', () => {
    expect(checkTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toEqual({
      kind: 'bad-checksum',
    });
  });

  it.each([
    ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['an EVM address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ['a letter outside Base58', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj60'],
  ])('refuses %s as bad format', (_, address) => {
    expect(checkTronAddress(address)).toEqual({ kind: 'bad-format' });
  });
});

describe('Bitcoin addresses', () => {
  it.each([
    ['P2PKH (the genesis block address)', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ['P2SH (BIP 13 example)', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
    ['P2WPKH', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
    ['P2WSH (BIP 173 vector)', 'bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3'],
    ['P2TR (BIP 350 vector)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
  ])('accepts %s', (_, address) => {
    expect(checkBitcoinAddress(address)).toEqual({ kind: 'valid', address });
  });

  it('accepts an all-upper-case segwit address and stores it lower-case', () => {
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    expect(checkBitcoinAddress(address.toUpperCase())).toEqual({ kind: 'valid', address });
  });

  it('refuses witness v0 in bech32m and v1 in bech32 (BIP 350)', () => {
    expect(checkBitcoinAddress(segwit(bech32m, 0, bytes(1, 20))).kind).toBe('bad-checksum');
    expect(checkBitcoinAddress(segwit(bech32, 1, bytes(1, 32))).kind).toBe('bad-checksum');
    expect(checkBitcoinAddress(segwit(bech32m, 1, bytes(1, 32))).kind).toBe('valid');
  });

  it.each([
    ['a changed segwit character', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', 'bad-checksum'],
    ['a changed Base58 character', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', 'bad-checksum'],
    ['mixed case segwit', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwF5mdq', 'bad-format'],
    ['a testnet address', 'tb1qw508d6qejxtdg4c6d5hqmj4t3pzyxlz3lnyqv2', 'bad-format'],
    ['v0 with a 25-byte program', segwit(bech32, 0, bytes(1, 25)), 'bad-format'],
    ['a TRON address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'bad-format'],
    ['a Base58Check address of another version', b58c.encode(bytes(0x6f, 21)), 'bad-format'],
  ])('refuses %s', (_, address, kind) => {
    expect(checkBitcoinAddress(address).kind).toBe(kind);
  });
});

describe('checkAddress by network', () => {
  it('checks Polygon like Ethereum and refuses another network’s address', () => {
    expect(checkAddress('POLYGON', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').kind).toBe(
      'valid',
    );
    expect(checkAddress('ETHEREUM', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t').kind).toBe('bad-format');
    expect(checkAddress('TRON', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').kind).toBe(
      'bad-format',
    );
  });
});
