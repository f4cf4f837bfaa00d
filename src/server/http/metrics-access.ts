import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';

export type MetricsAccessSettings = { token: string | undefined; allow: readonly string[] };

/**
 * Who may read /metrics: a listed address or range, or anyone holding the token. The answer is a
 * yes or no; the route answers no with 404, as if it were not there.
 */
export function metricsAccess(settings: MetricsAccessSettings): (ip: string, authorization: string | undefined) => boolean {
  const allowed = addressList(settings.allow);
  const wanted = settings.token === undefined ? null : digest(settings.token);
  return (ip, authorization) => {
    if (isListed(allowed, ip)) return true;
    const given = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization ?? '')?.[1];
    // Digests have one length, so the comparison takes the same time whatever was sent.
    return wanted !== null && given !== undefined && timingSafeEqual(digest(given), wanted);
  };
}

function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** A dual-stack socket reports IPv4 peers as `::ffff:a.b.c.d`; a list names them as IPv4. */
function isListed(list: BlockList, ip: string): boolean {
  const family = isIP(ip);
  if (family === 0) return false;
  if (list.check(ip, family === 6 ? 'ipv6' : 'ipv4')) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  return mapped !== undefined && list.check(mapped, 'ipv4');
}

function digest(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
