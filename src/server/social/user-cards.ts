import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../pins/pin-media.ts';
import { fullName } from '../users/users.present.ts';
import type { Reader } from '../access/authorized.ts';

/** A user as seen on pins, boards and lists (viewer spec section 3, "User"), in snake case. */
export type UserCard = {
  type: 'user';
  id: string;
  entity_id: string;
  username: string;
  full_name: string;
  first_name: string;
  profile_url: string;
  /** From the profile image: 60x60, 136x136 and 236x wide. */
  image_small_url: string | null;
  image_medium_url: string | null;
  image_large_url: string | null;
  follower_count: number;
  explicitly_followed_by_me: boolean;
  followed_by_me: boolean;
  blocked_by_me: boolean;
};

/**
 * Users by id in three queries whatever their number (users with profiles, the reader's follows
 * and blocks among them). Callers hydrate only users they are allowed to show.
 */
export async function loadUserCards(deps: Deps, reader: Reader, ids: Iterable<string>): Promise<Map<string, UserCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const db = deps.db;
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_profiles', 'user_profiles.user_id', 'users.id')
    .select(['users.id', 'users.username', 'users.first_name', 'users.last_name', 'user_profiles.follower_count', 'user_profiles.image_media_id'])
    .where('users.id', 'in', unique)
    .execute();
  const [followed, blocked, images] = await Promise.all([
    readerFollows(db, reader, unique),
    readerBlocks(db, reader, unique),
    loadMediaViews(
      deps,
      rows.map((r) => r.image_media_id),
    ),
  ]);
  const cards = new Map<string, UserCard>();
  for (const row of rows) {
    const follows = followed.has(row.id);
    const avatar = row.image_media_id ? images.get(row.image_media_id)?.images : undefined;
    cards.set(row.id, {
      type: 'user',
      id: row.id,
      entity_id: row.id,
      username: row.username,
      full_name: fullName(row),
      first_name: row.first_name,
      profile_url: `/${row.username}/`,
      image_small_url: avatar?.['60x60']?.url ?? null,
      image_medium_url: avatar?.['136x136']?.url ?? null,
      image_large_url: avatar?.['236x']?.url ?? null,
      follower_count: row.follower_count ?? 0,
      explicitly_followed_by_me: follows,
      followed_by_me: follows,
      blocked_by_me: blocked.has(row.id),
    });
  }
  return cards;
}

async function readerFollows(db: Db, reader: Reader, ids: string[]): Promise<Set<string>> {
  if (reader.userId === null) return new Set();
  const rows = await db.selectFrom('user_follows').select('followee_id').where('follower_id', '=', reader.userId).where('followee_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.followee_id));
}

async function readerBlocks(db: Db, reader: Reader, ids: string[]): Promise<Set<string>> {
  if (reader.userId === null) return new Set();
  const rows = await db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', reader.userId).where('blocked_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.blocked_id));
}

/** A card for a user that was just loaded and must exist (an owner, a pinner). */
export function cardOf(cards: Map<string, UserCard>, id: string): UserCard {
  const card = cards.get(id);
  if (!card) throw new Error(`user ${id} was not hydrated`);
  return card;
}
