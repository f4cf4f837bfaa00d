import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';
import { readerOf } from '../access/authorized.ts';
import { findInterestById, findInterestBySlug, followedInterestIds, insertInterestIfNew } from './topics.repo.ts';

/** InterestResource get {id} or {slug}. Topics are public; a visitor sees is_followed false. */
export async function getInterest(deps: Deps, actor: Actor, by: { id?: string | undefined; slug?: string | undefined }): Promise<InterestJson> {
  const reader = readerOf(actor);
  const interest = by.id ? await findInterestById(deps.db, by.id) : await findInterestBySlug(deps.db, (by.slug ?? '').toLowerCase());
  if (!interest) throw new AppError('not_found');
  return presentInterest(deps.db, reader.userId, interest);
}

export async function presentInterest(db: Db, userId: string | null, interest: Interest): Promise<InterestJson> {
  const [json] = await presentInterests(db, userId, [interest]);
  if (!json) throw new Error('a presented topic went missing');
  return json;
}

/** Topics as the spec shows them, with one query for which of them the reader follows. */
export async function presentInterests(db: Db, userId: string | null, interests: readonly Interest[]): Promise<InterestJson[]> {
  if (interests.length === 0) return [];
  const followedIds =
    userId === null
      ? new Set<string>()
      : await followedInterestIds(
          db,
          userId,
          interests.map((i) => i.id),
        );
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
  await insertInterestIfNew(db, { id: newId(), name, slug, now: Date.now() });
  const interest = await findInterestBySlug(db, slug);
  if (!interest) throw new Error(`the topic ${slug} was just added`);
  return interest;
}
