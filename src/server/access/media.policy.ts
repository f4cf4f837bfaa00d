import type { Deps } from '../deps.ts';
import { isMediaShownTo, isProfileImage, mediaOwnerOf } from './access.repo.ts';
import type { Actor } from './actor.ts';
import { readerOf, VISITOR } from './authorized.ts';

/** How a media file may be served: to anyone and any cache, to this reader alone, or not at all (404). */
export type MediaAccess = 'public' | 'private' | 'hidden';
export type MediaAccessPolicy = (deps: Deps, actor: Actor, mediaId: string) => Promise<MediaAccess>;

/**
 * A media file is as visible as the pins that show it (decision record 0009). Shown on a pin any
 * visitor may see, or as a profile picture: public, cacheable by anyone. Shown only where this
 * reader may look (a secret board they own or collaborate on), or their own upload not pinned
 * yet: private, cached by their browser alone. Otherwise 404, as for every secret thing.
 */
export const pinMediaAccess: MediaAccessPolicy = async (deps, actor, mediaId) => {
  if ((await isMediaShownTo(deps.db, VISITOR, mediaId)) || (await isProfileImage(deps.db, mediaId))) return 'public';
  const reader = readerOf(actor);
  if (reader.userId === null) return 'hidden';
  if ((await mediaOwnerOf(deps.db, mediaId)) === reader.userId) return 'private';
  return (await isMediaShownTo(deps.db, reader, mediaId)) ? 'private' : 'hidden';
};
