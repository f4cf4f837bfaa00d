import { decodeHtml, readAll } from './body.ts';
import { guardedFetch, type FetchLimits, type OutboundPolicy } from './guarded-fetch.ts';

/** A web page: 2 MB of HTML is far beyond any real page's head and the data we read from it. */
export const PAGE_LIMITS: FetchLimits = {
  maxBytes: 2 * 1_048_576,
  timeoutMs: 10_000,
  accept: ['text/html', 'application/xhtml+xml'],
  what: 'The page',
};

/** An image for a pin: 20 MB covers full-size photos on the web; the media pipeline bounds pixels. */
export const IMAGE_LIMITS: FetchLimits = {
  maxBytes: 20 * 1_048_576,
  timeoutMs: 20_000,
  accept: ['image/'],
  what: 'The image',
};

export type FetchedPage = { url: URL; html: string };

/** Fetches an HTML page through the guard; `url` is where it was found after redirects. */
export async function fetchPage(policy: OutboundPolicy, input: string | URL): Promise<FetchedPage> {
  return guardedFetch(policy, input, PAGE_LIMITS, async (response) => ({
    url: response.url,
    html: decodeHtml(await readAll(response.body), response.contentType),
  }));
}
