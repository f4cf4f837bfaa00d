import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../media/media-views.ts';
import { fullName } from './users.present.ts';
import type { Actor } from '../access/actor.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import { blockedAmong, followeesAmong, userCardRows } from './user-cards.repo.ts';

/**
 * Users by id in three queries whatever their number (users with profiles, the reader's follows
 * and blocks among them). Callers hydrate only users they are allowed to show.
 */
export async function loadUserCards(deps: Deps, reader: Reader, ids: Iterable<string>): Promise<Map<string, UserCard>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await userCardRows(deps.db, unique);
  const none = Promise.resolve(new Set<string>());
  const [followed, blocked, images] = await Promise.all([
    reader.userId === null ? none : followeesAmong(deps.db, reader.userId, unique),
    reader.userId === null ? none : blockedAmong(deps.db, reader.userId, unique),
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

/** A card for a user that was just loaded and must exist (an owner, a pinner). */
export function cardOf(cards: Map<string, UserCard>, id: string): UserCard {
  const card = cards.get(id);
  if (!card) throw new Error(`user ${id} was not hydrated`);
  return card;
}

/** The cards as the caller sees them: the answer of a call that changed how they stand to these users (a follow, a block). */
export async function loadUserCardsFor(deps: Deps, actor: Actor, ids: Iterable<string>): Promise<Map<string, UserCard>> {
  return loadUserCards(deps, readerOf(actor), ids);
}
