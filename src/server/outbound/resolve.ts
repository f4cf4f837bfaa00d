import dns from 'node:dns/promises';
import net from 'node:net';
import { addressRange, isAllowedAddress, type AddressPolicy } from './address-policy.ts';
import { OutboundError } from './outbound-error.ts';
import { bareHost } from './outbound-url.ts';

export type ResolvedAddress = { address: string; family: 4 | 6 };

/** Every address a host name resolves to (tests give their own, to play a hostile DNS). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.lookup(hostname, { all: true, order: 'verbatim' });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * The addresses the fetcher will connect to for `url`, each checked against the policy. A host
 * with any refused address is refused as a whole: a name that answers both a public and a private
 * address is exactly what a rebinding attack looks like. A literal address is checked the same way.
 */
export async function resolveChecked(url: URL, policy: AddressPolicy, resolver: Resolver): Promise<ResolvedAddress[]> {
  const host = bareHost(url);
  const literal = net.isIP(host);
  const addresses = literal !== 0 ? [{ address: host, family: literal === 6 ? (6 as const) : (4 as const) }] : await lookup(host, resolver);
  for (const { address } of addresses) {
    if (!isAllowedAddress(address, policy)) {
      throw new OutboundError('refused_address', `${url.hostname} is not on the public internet (${addressRange(address)} address), so it cannot be fetched.`);
    }
  }
  return addresses;
}

async function lookup(host: string, resolver: Resolver): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolver(host);
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) throw new OutboundError('dns', `We couldn't find the site ${host}.`);
  return addresses;
}
