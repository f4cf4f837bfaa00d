import type { TypedRequest } from '../api/resource-types.ts';

/** A pin's tried-its, newest first (the closeup's "Tried it" section). */
export function pinDidItsRequest(pinId: string): TypedRequest<'PinDidItFeedResource'> {
  return { name: 'PinDidItFeedResource', options: { pin_id: pinId } };
}

/** A profile's Tried tab. */
export function userDidItsRequest(username: string): TypedRequest<'UserDidItFeedResource'> {
  return { name: 'UserDidItFeedResource', options: { username: username.toLowerCase() } };
}
