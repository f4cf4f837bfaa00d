import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { InterestJson } from '../../shared/interest-json.ts';
import { readerOf } from '../access/authorized.ts';

/** A topic as the spec shows it (is_followed for the reader), the shape the browser reads too. */
export type { InterestJson };

/** InterestResource get {id} or {slug}. Topics are public; a visitor sees is_followed false. */
export async function getInterest(deps: Deps, actor: Actor, by: { id?: string | undefined; slug?: string | undefined }): Promise<InterestJson> {
  let query = deps.db.selectFrom('interests').selectAll();
  query = by.id ? query.where('id', '=', by.id) : query.where('slug', '=', (by.slug ?? '').toLowerCase());
  const interest = await query.executeTakeFirst();
  if (!interest) throw new AppError('not_found');
  return presentInterest(deps.db, readerOf(actor).userId, interest);
}

export async function presentInterest(db: Db, userId: string | null, interest: Interest): Promise<InterestJson> {
  const [json] = await presentInterests(db, userId, [interest]);
  if (!json) throw new Error('a presented topic went missing');
  return json;
}

/** Topics as the spec shows them, with one query for which of them the reader follows. */
export async function presentInterests(db: Db, userId: string | null, interests: readonly Interest[]): Promise<InterestJson[]> {
  if (interests.length === 0) return [];
  const followed =
    userId === null
      ? []
      : await db
          .selectFrom('interest_follows')
          .select('interest_id')
          .where('user_id', '=', userId)
          .where(
            'interest_id',
            'in',
            interests.map((i) => i.id),
          )
          .execute();
  const followedIds = new Set(followed.map((f) => f.interest_id));
  return interests.map((interest) => ({
    type: 'interest',
    id: interest.id,
    name: interest.name,
    slug: interest.slug,
    url: `/ideas/${interest.slug}/${interest.id}/`,
    follower_count: interest.follower_count,
    is_followed: followedIds.has(interest.id),
  }));
}

/**
 * Adds a topic (or answers the one with that slug). Topics are not made by members: the demo
 * world and operators' imports call this; it is not behind any resource.
 */
export async function ensureInterest(db: Db, name: string, slug: string): Promise<Interest> {
  await db
    .insertInto('interests')
    .values({ id: newId(), name, slug, created_at: Date.now() })
    .onConflict((oc) => oc.column('slug').doNothing())
    .execute();
  return db.selectFrom('interests').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
}
