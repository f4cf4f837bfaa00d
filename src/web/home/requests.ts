import type { TypedRequest } from '../api/resource-types.ts';
import type { PageInput, PageResource } from '../router/types.ts';

/** The member's home feed, read the same way by the page server and the browser (one cache key). */
export function homeFeedRequest(): TypedRequest<'UserHomefeedResource'> {
  return { name: 'UserHomefeedResource', options: {} };
}

/** A member's home page renders with the first page of the feed; a visitor's landing reads nothing. */
export function homeResources({ viewer }: PageInput): PageResource[] {
  return viewer ? [homeFeedRequest()] : [];
}
