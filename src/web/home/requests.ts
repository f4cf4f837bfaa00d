import type { TypedRequest } from '../api/resource-types.ts';
import type { PageInput, PageResource } from '../router/types.ts';

/** The member's home feed, read the same way by the page server and the browser (one cache key). */
export function homeFeedRequest(): TypedRequest<'UserHomefeedResource'> {
  return { name: 'UserHomefeedResource', options: {} };
}

/** The signed-out home's pins: the same for every visitor, so answered from memory. */
export function landingPinsRequest(): TypedRequest<'LandingPinsResource'> {
  return { name: 'LandingPinsResource', options: {} };
}

/** A member's home page renders with the first page of their feed; a visitor's landing with the instance's pins. */
export function homeResources({ viewer }: PageInput): PageResource[] {
  return viewer ? [homeFeedRequest()] : [landingPinsRequest()];
}
