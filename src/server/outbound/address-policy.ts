import ipaddr from 'ipaddr.js';

/**
 * Which addresses the outbound fetcher may connect to (docs/decisions/0010-outbound-fetch.md):
 * public unicast only. ipaddr.js knows the special-purpose ranges of both families; on top of it
 * we look through the IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4,
 * IPv4-compatible) and judge the IPv4 address inside, and accept IPv6 only from 2000::/3, the
 * block global unicast addresses are allocated from.
 */
export type AddressPolicy = {
  /**
   * Tests and local development only (OUTBOUND_ALLOW_PRIVATE): also accept loopback and private
   * networks. Link-local (cloud metadata), multicast and the rest stay refused even then.
   */
  allowPrivateAddresses: boolean;
};

/** The ranges OUTBOUND_ALLOW_PRIVATE opens: where a local fixture or development server listens. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'uniqueLocal']);

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

/**
 * 'public' for an address we may connect to; otherwise the name of the range that refuses it
 * (loopback, private, linkLocal, carrierGradeNat, multicast, reserved, uniqueLocal, invalid, ...).
 */
export function addressRange(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  return rangeOf(parsed);
}

function rangeOf(address: ipaddr.IPv4 | ipaddr.IPv6): string {
  if (address.kind() === 'ipv4') {
    const range = (address as ipaddr.IPv4).range();
    return range === 'unicast' ? 'public' : range;
  }
  const v6 = address as ipaddr.IPv6;
  const range = v6.range();
  const inner = embeddedIPv4(v6, range);
  if (inner) return rangeOf(inner);
  if (range !== 'unicast') return range;
  if (v6.match(IPV4_COMPATIBLE)) return 'ipv4Compatible';
  return v6.match(GLOBAL_UNICAST) ? 'public' : 'unallocated';
}

/** The IPv4 address an IPv6 address stands for, where the network would deliver it to one. */
function embeddedIPv4(v6: ipaddr.IPv6, range: string): ipaddr.IPv4 | null {
  const [, p1 = 0, p2 = 0, , , , p6 = 0, p7 = 0] = v6.parts;
  const fromParts = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64_WELL_KNOWN)) return fromParts(p6, p7);
  if (range === '6to4') return fromParts(p1, p2);
  return null;
}

/** Whether the policy lets the fetcher connect to `address`. */
export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
  const range = addressRange(address);
  return range === 'public' || (policy.allowPrivateAddresses && PRIVATE_RANGES.has(range));
}
