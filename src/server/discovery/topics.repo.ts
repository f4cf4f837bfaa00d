import type { Db } from '../db/database.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';

/** Topics (interests) as the discovery pages read them. Topics are public. */

export async function topicById(db: Db, id: string): Promise<Interest | undefined> {
  return db.selectFrom('interests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** By its slug, as stored (lower case). */
export async function topicBySlug(db: Db, slug: string): Promise<Interest | undefined> {
  return db.selectFrom('interests').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function topicsWithIds(db: Db, ids: readonly string[]): Promise<Interest[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('interests')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function allTopics(db: Db): Promise<Interest[]> {
  return db.selectFrom('interests').selectAll().execute();
}

/** Most followed first, then by id (newest first), at most `limit`, after the (follower count, id) of `after` if given. */
export async function mostFollowedTopics(db: Db, limit: number, after: { followers: number; id: string } | null = null): Promise<Interest[]> {
  let query = db.selectFrom('interests').selectAll();
  if (after) {
    const { followers, id } = after;
    query = query.where((eb) => eb.or([eb('follower_count', '<', followers), eb.and([eb('follower_count', '=', followers), eb('id', '<', id)])]));
  }
  return query.orderBy('follower_count', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Topics by name, for the operators to choose from. */
export async function topicChoices(db: Db, limit: number): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('interests').select(['id', 'name']).orderBy('name').limit(limit).execute();
}

/** Every topic's id and name (which topics a pin belongs to is decided from them). */
export async function topicNames(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('interests').select(['id', 'name']).execute();
}
