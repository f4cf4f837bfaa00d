import type { TypedRequest } from '../api/resource-types.ts';

/** Where the member is in onboarding, read alike by the page server and the browser. */
export function nuxRequest(): TypedRequest<'NuxResource'> {
  return { name: 'NuxResource', options: {} };
}

/** The picture collage of the interests step. */
export function nuxInterestsRequest(): TypedRequest<'NuxInterestsResource'> {
  return { name: 'NuxInterestsResource', options: {} };
}
