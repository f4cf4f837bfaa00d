import { OutboundError } from './outbound-error.ts';

/** Longer URLs are refused: nothing we fetch needs more, and every one is stored or logged. */
export const OUTBOUND_URL_MAX = 2048;

/**
 * The Fetch Standard's "bad ports" (fetch.spec.whatwg.org/#port-blocking): ports of services
 * that an HTTP request could be smuggled into (mail, FTP, IRC, ...). Browsers refuse them; so do
 * we. Every other port is allowed: the address check is what keeps us off private networks, and a
 * public server on port 8080 is as public as one on 80.
 */
const BAD_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const INVALID = 'Please enter a valid URL starting with http:// or https://';

/**
 * A URL the fetcher may request: http or https, no credentials, a host, an allowed port, at most
 * 2048 characters. The fragment is dropped (it never reaches the server). Answers a fresh URL.
 * The WHATWG parser has already turned decimal, hex and octal IPv4 forms into dotted quads.
 */
export function checkOutboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('bad_url', INVALID);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw new OutboundError('bad_url', INVALID);
  if (url.username !== '' || url.password !== '') throw new OutboundError('bad_url', 'Links with a user name or password cannot be fetched.');
  url.hash = '';
  if (url.href.length > OUTBOUND_URL_MAX) throw new OutboundError('bad_url', 'This link is too long.');
  if (BAD_PORTS.has(portOf(url))) throw new OutboundError('refused_port', `Port ${portOf(url)} cannot be fetched.`);
  return url;
}

export function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The host as a bare name or address: IPv6 literals lose their brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}
