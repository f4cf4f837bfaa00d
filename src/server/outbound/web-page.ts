import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Deps } from '../deps.ts';
import { fetchPage } from './fetch-page.ts';
import { outboundPolicy } from './guarded-fetch.ts';

/**
 * Reads a web page through the outbound guard on a member's behalf and hands its HTML, with the
 * address it was found at after redirects, to `read`. Each member's fetches are counted: the
 * server fetching on request could otherwise be turned against other sites.
 */
export async function readWebPage<T>(deps: Deps, userId: string, url: string, read: (html: string, pageUrl: URL) => T): Promise<T> {
  await enforceRateLimit(deps, 'outboundFetch', userId);
  const page = await fetchPage(outboundPolicy(deps.config), url);
  return read(page.html, page.url);
}
