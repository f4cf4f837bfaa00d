import { describe, expect, it } from 'vitest';
import { addressRange, isAllowedAddress } from '../../../src/server/outbound/address-policy.ts';

const strict = { allowPrivateAddresses: false };
const local = { allowPrivateAddresses: true };

describe('outbound address policy: only public unicast addresses are fetched', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['2002:808:808::1', 'public'],
  ])('%s is %s', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isAllowedAddress(address, strict)).toBe(true);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['203.0.113.7', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'teredo'],
    ['4000::1', 'unallocated'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b:1::1', 'rfc6052'],
    ['2002:a00:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['not an address', 'invalid'],
    ['', 'invalid'],
  ])('%s is refused (%s)', (address, range) => {
    expect(addressRange(address)).toBe(range);
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it('OUTBOUND_ALLOW_PRIVATE opens loopback and private networks and nothing else', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '192.168.0.10', 'fd00::1', '::ffff:127.0.0.1']) {
      expect(isAllowedAddress(address, local), address).toBe(true);
    }
    for (const address of ['169.254.169.254', 'fe80::1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255']) {
      expect(isAllowedAddress(address, local), address).toBe(false);
    }
  });
});
