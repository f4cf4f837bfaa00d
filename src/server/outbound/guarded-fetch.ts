import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { AddressPolicy } from './address-policy.ts';
import { boundedBody } from './body.ts';
import { OutboundError } from './outbound-error.ts';
import { checkOutboundUrl } from './outbound-url.ts';
import { resolveChecked, systemResolver, type ResolvedAddress, type Resolver } from './resolve.ts';

/**
 * The one way the server fetches a URL a user gave it (docs/decisions/0010-outbound-fetch.md):
 * the URL is checked, its host resolved once and every address checked, and the connection made
 * to exactly those addresses (no second lookup for a rebinding DNS to answer differently).
 * Redirects are followed by hand, each hop checked again; the whole exchange has one deadline
 * and the body a byte limit enforced while it streams.
 */
export type OutboundPolicy = AddressPolicy & { userAgent: string; resolver?: Resolver };

export function outboundPolicy(config: Config): OutboundPolicy {
  return { allowPrivateAddresses: config.outbound.allowPrivateAddresses, userAgent: `Corkboard/1.0 (+${config.publicUrl.origin})` };
}

export type FetchLimits = {
  maxBytes: number;
  timeoutMs: number;
  /** Media types accepted, exact (text/html) or as a family (image/). */
  accept: readonly string[];
  /** Named in the size error: "The page", "The image". */
  what: string;
};

export type FetchedResponse = { url: URL; status: number; contentType: string; body: Readable };

export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `input` and hands the response to `consume` while the deadline still runs; answers what
 * `consume` answers. Failures of the fetch are OutboundErrors (400); failures of `consume` itself
 * (a full disk) pass through unchanged.
 */
export async function guardedFetch<T>(
  policy: OutboundPolicy,
  input: string | URL,
  limits: FetchLimits,
  consume: (response: FetchedResponse) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let url = checkOutboundUrl(input);
  const timeout = () => new OutboundError('timeout', `${url.hostname} took too long to answer.`);
  const timer = setTimeout(() => {
    controller.abort();
  }, limits.timeoutMs);
  let body: Readable | undefined;
  try {
    for (let hop = 0; ; hop += 1) {
      const addresses = await abortable(resolveChecked(url, policy, policy.resolver ?? systemResolver), controller.signal, timeout);
      const response = await send(url, addresses, policy.userAgent, controller.signal).catch((error: unknown) => {
        throw controller.signal.aborted ? timeout() : unreachable(url, error);
      });
      const next = redirectTarget(response, url);
      if (next) {
        response.destroy();
        if (hop >= MAX_REDIRECTS) throw new OutboundError('too_many_redirects', `${url.hostname} redirected too many times.`);
        url = next;
        continue;
      }
      const contentType = checkResponse(response, url, limits);
      const cutOff = () => (controller.signal.aborted ? timeout() : new OutboundError('network', `The connection to ${url.hostname} broke off.`));
      const tooLarge = () => new OutboundError('too_large', `${limits.what} is too large (more than ${megabytes(limits.maxBytes)}).`);
      body = boundedBody(response, limits.maxBytes, tooLarge, cutOff);
      return await consume({ url, status: response.statusCode ?? 200, contentType, body });
    }
  } finally {
    clearTimeout(timer);
    body?.destroy();
  }
}

function send(url: URL, addresses: ResolvedAddress[], userAgent: string, signal: AbortSignal): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      agent: false,
      signal,
      lookup: pinnedLookup(addresses),
      headers: {
        'user-agent': userAgent,
        accept: 'text/html,application/xhtml+xml,image/avif,image/webp,image/*;q=0.9,*/*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
        connection: 'close',
      },
    });
    request.on('response', resolve);
    request.on('error', reject);
    request.end();
  });
}

/** A lookup that answers the addresses already checked, so the socket cannot go anywhere else. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
    const first = usable[0];
    if (!first) {
      callback(Object.assign(new Error('no checked address of that family'), { code: 'ENOTFOUND' }), '', 0);
      return;
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  };
}

function redirectTarget(response: IncomingMessage, from: URL): URL | null {
  const location = response.headers.location;
  if (!REDIRECTS.has(response.statusCode ?? 0) || !location) return null;
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new OutboundError('http_status', `${from.hostname} redirected to an invalid address.`);
  }
  return checkOutboundUrl(target);
}

/** A 2xx answer of an accepted type that does not announce more than the limit; answers its type. */
function checkResponse(response: IncomingMessage, url: URL, limits: FetchLimits): string {
  const status = response.statusCode ?? 0;
  const fail = (error: OutboundError) => {
    response.destroy();
    return error;
  };
  if (status < 200 || status > 299) throw fail(new OutboundError('http_status', `${url.hostname} answered with status ${status}.`));
  const contentType = (response.headers['content-type'] ?? '').toLowerCase();
  const mediaType = contentType.split(';')[0]?.trim() ?? '';
  const accepted = limits.accept.some((type) => (type.endsWith('/') ? mediaType.startsWith(type) : mediaType === type));
  if (!accepted)
    throw fail(
      new OutboundError('content_type', `${limits.what} at ${url.hostname} is not of a type we can read (${mediaType.slice(0, 60) || 'no type given'}).`),
    );
  const declared = Number(response.headers['content-length'] ?? 0);
  if (declared > limits.maxBytes) throw fail(new OutboundError('too_large', `${limits.what} is too large (more than ${megabytes(limits.maxBytes)}).`));
  return contentType;
}

function unreachable(url: URL, error: unknown): OutboundError {
  const code = error instanceof Error && 'code' in error ? String(error.code) : '';
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return new OutboundError('network', `The secure connection to ${url.hostname} could not be verified.`);
  }
  return new OutboundError('network', `We couldn't reach ${url.hostname}.`);
}

/** Waits for `work` unless the deadline passes first (a DNS lookup cannot itself be cancelled). */
async function abortable<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => OutboundError): Promise<T> {
  if (signal.aborted) throw onAbort();
  let stop: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    stop = () => {
      reject(onAbort());
    };
    signal.addEventListener('abort', stop, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    if (stop) signal.removeEventListener('abort', stop);
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1_048_576)} MB`;
}
