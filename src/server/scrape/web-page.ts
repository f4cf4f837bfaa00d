import { enforceRateLimit } from '../auth/rate-limits.ts';
import type { Deps } from '../deps.ts';
import { fetchPage } from '../outbound/fetch-page.ts';
import { outboundPolicy } from '../outbound/guarded-fetch.ts';
import { readPageMetadata, type PageMetadata } from './page-metadata.ts';

/**
 * Reads a web page through the outbound guard. Each member's fetches are counted: the server
 * fetching on request could otherwise be turned against other sites.
 */
export async function readWebPage(deps: Deps, userId: string, url: string): Promise<PageMetadata> {
  await enforceRateLimit(deps, 'outboundFetch', userId);
  const page = await fetchPage(outboundPolicy(deps.config), url);
  return readPageMetadata(page.html, page.url);
}
