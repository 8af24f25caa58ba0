import { describe, expect, it } from 'vitest';
import { classifyAddress, isAddressAllowed, type AddressClass } from '../../src/lib/url-guard.js';

// [address as a resolver returns it, class]
const TABLE: [string, AddressClass][] = [
  ['93.184.216.34', 'public'],
  ['8.8.8.8', 'public'],
  ['2606:2800:220:1::1', 'public'],
  ['2a00:1450:4001:80b::200e', 'public'],
  ['::ffff:93.184.216.34', 'public'],
  ['64:ff9b::5db8:d822', 'public'],
  ['127.0.0.1', 'loopback'],
  ['127.8.9.10', 'loopback'],
  ['::1', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['10.255.255.255', 'refused'],
  ['172.16.5.4', 'refused'],
  ['192.168.100.1', 'refused'],
  ['100.64.0.0', 'refused'],
  ['169.254.169.254', 'refused'],
  ['169.254.0.1', 'refused'],
  ['0.0.0.0', 'refused'],
  ['0.1.2.3', 'refused'],
  ['255.255.255.255', 'refused'],
  ['239.255.255.250', 'refused'],
  ['192.0.0.8', 'refused'],
  ['198.51.100.1', 'refused'],
  ['::', 'refused'],
  ['::7f00:1', 'refused'],
  ['::a00:1', 'refused'],
  ['::ffff:0:7f00:1', 'refused'],
  ['fc00::1', 'refused'],
  ['fd00:ec2::254', 'refused'],
  ['fe80::1', 'refused'],
  ['fe80::1%eth0', 'refused'],
  ['fec0::1', 'refused'],
  ['ff02::1', 'refused'],
  ['100::1', 'refused'],
  ['2001:db8::1', 'refused'],
  ['2001::1', 'refused'],
  ['2002:c000:0204::1', 'refused'],
  ['64:ff9b::a00:1', 'refused'],
  ['64:ff9b::7f00:1', 'refused'],
  ['64:ff9b:1::5db8:d822', 'refused'],
  ['4000::1', 'refused'],
  // Not textbook notation: a resolver never answers this, so it is not trusted.
  ['0x7f.1', 'refused'],
  ['2130706433', 'refused'],
  ['localhost', 'refused'],
  ['', 'refused'],
];

describe('classifyAddress', () => {
  it.each(TABLE)('classifies %s as %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });
});

describe('isAddressAllowed', () => {
  it('allows only public addresses when local webhooks are off', () => {
    for (const [address, addressClass] of TABLE) {
      expect(isAddressAllowed(address, { allowLocal: false })).toBe(addressClass === 'public');
    }
  });

  it('adds loopback, and nothing else, when local webhooks are on', () => {
    for (const [address, addressClass] of TABLE) {
      expect(isAddressAllowed(address, { allowLocal: true })).toBe(addressClass !== 'refused');
    }
  });
});
