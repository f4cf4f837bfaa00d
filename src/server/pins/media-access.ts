import { sql } from 'kysely';
import type { Actor } from '../auth/actor.ts';
import type { Deps } from '../deps.ts';
import { mediaIdOfKey } from '../media/media-keys.ts';
import type { MediaAccess, MediaAccessPolicy } from '../media/media.serve.ts';
import { readerOf, type Reader } from '../social/principal.ts';
import { visiblePins } from './pin.policy.ts';

const VISITOR: Reader = { userId: null, readsSecret: false };

async function shownOnVisiblePin(deps: Deps, reader: Reader, mediaId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('pins')
    .select(sql<number>`1`.as('one'))
    .where('pins.media_id', '=', mediaId)
    .where(visiblePins(reader))
    .executeTakeFirst();
  return row !== undefined || (await shownOnVisibleStory(deps, reader, mediaId));
}

/** A picture or video on a story pin's pages (each lookup on its own index). */
async function shownOnVisibleStory(deps: Deps, reader: Reader, mediaId: string): Promise<boolean> {
  const row = await deps.db
    .selectFrom('story_pin_media as spm')
    .innerJoin('pins', 'pins.id', 'spm.pin_id')
    .select(sql<number>`1`.as('one'))
    .where('spm.media_id', '=', mediaId)
    .where(visiblePins(reader))
    .executeTakeFirst();
  return row !== undefined;
}

async function isProfileImage(deps: Deps, mediaId: string): Promise<boolean> {
  const row = await deps.db.selectFrom('user_profiles').select('user_id').where('image_media_id', '=', mediaId).executeTakeFirst();
  return row !== undefined;
}

/**
 * A media file is as visible as the pins that show it (decision record 0009). Shown on a pin any
 * visitor may see, or as a profile picture: public, cacheable by anyone. Shown only where this
 * reader may look (a secret board they own or collaborate on), or their own upload not pinned
 * yet: private, cached by their browser alone. Otherwise 404, as for every secret thing.
 */
export const pinMediaAccess: MediaAccessPolicy = async (deps: Deps, actor: Actor, key: string): Promise<MediaAccess> => {
  const mediaId = mediaIdOfKey(key);
  if (mediaId === null) return 'hidden';
  if ((await shownOnVisiblePin(deps, VISITOR, mediaId)) || (await isProfileImage(deps, mediaId))) return 'public';
  const reader = readerOf(actor);
  if (reader.userId === null) return 'hidden';
  const media = await deps.db.selectFrom('media').select('owner_id').where('id', '=', mediaId).executeTakeFirst();
  if (media?.owner_id === reader.userId) return 'private';
  return (await shownOnVisiblePin(deps, reader, mediaId)) ? 'private' : 'hidden';
};
