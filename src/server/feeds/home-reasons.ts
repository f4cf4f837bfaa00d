import type { Db } from '../db/database.ts';
import { reasonBoards } from '../recs/related.service.ts';
import type { BoardLink } from '../../shared/contracts/boards.ts';
import type { HomeRecommendationReason } from '../../shared/contracts/feeds.ts';
import { presentInterests } from '../social/topics.ts';
import { interestsByIds } from '../social/topics.repo.ts';
import { fullName } from '../users/users.present.ts';
import type { HomeReader } from './follow-sources.ts';
import type { HomeEntry, HomeReason } from './home-mix.ts';
import { saversOfPins, visiblePinTitles } from './home-reasons.repo.ts';

type UserLink = NonNullable<HomeRecommendationReason['user']>;
type InterestLink = NonNullable<HomeRecommendationReason['interest']>;
type PinLink = NonNullable<HomeRecommendationReason['pin']>;

/**
 * The reasons of a batch of entries, in four queries whatever their number. An entry whose reason
 * names something the reader may no longer see (a board gone secret, a person blocked since, a
 * save now only on a secret board, a deleted seed) gets none, and the feed leaves the pin out.
 */
export async function reasonsOf(db: Db, reader: HomeReader, entries: readonly HomeEntry[]): Promise<Map<string, HomeRecommendationReason>> {
  const of = (reason: HomeReason) => entries.filter((e) => e.reason === reason);
  const [savers, boards, interests, seeds] = await Promise.all([
    followedSavers(db, reader, of('followed_user')),
    // reasonBoards reads the board each ranked pin names.
    reasonBoards(
      db,
      reader,
      of('followed_board').map((e) => ({ pinId: e.pinId, score: 0, reason: 'saved_to_board', boardId: e.ref })),
    ),
    interestLinks(
      db,
      of('followed_interest').map((e) => e.ref),
    ),
    seedLinks(
      db,
      reader,
      of('saved_pin').map((e) => e.ref),
    ),
  ]);
  const reasons = new Map<string, HomeRecommendationReason>();
  for (const e of entries) {
    const base = { reason: e.reason, reason_id: e.ref };
    const named = namedBy(e, { savers, boards, interests, seeds });
    if (named) reasons.set(e.pinId, { ...base, ...named });
  }
  return reasons;
}

type Links = {
  savers: ReadonlyMap<string, UserLink>;
  boards: ReadonlyMap<string, BoardLink>;
  interests: ReadonlyMap<string, InterestLink>;
  seeds: ReadonlyMap<string, PinLink>;
};

function namedBy(e: HomeEntry, links: Links): Partial<HomeRecommendationReason> | undefined {
  switch (e.reason) {
    case 'followed_user': {
      const user = links.savers.get(`${e.pinId}:${e.ref}`);
      return user && { user };
    }
    case 'followed_board': {
      const board = links.boards.get(e.ref);
      return board && { board };
    }
    case 'followed_interest': {
      const interest = links.interests.get(e.ref);
      return interest && { interest };
    }
    case 'saved_pin': {
      const pin = links.seeds.get(e.ref);
      return pin && { pin };
    }
    case 'popular':
      return {};
  }
}

/** The followed people who still have a save of the pin the reader may see, by `pin:user`. */
async function followedSavers(db: Db, reader: HomeReader, entries: readonly HomeEntry[]): Promise<Map<string, UserLink>> {
  if (entries.length === 0) return new Map();
  const rows = await saversOfPins(
    db,
    reader,
    entries.map((e) => e.pinId),
    entries.map((e) => e.ref),
  );
  return new Map(rows.map((r) => [`${r.pin_id}:${r.id}`, { id: r.id, username: r.username, full_name: fullName(r), url: `/${r.username}/` }]));
}

/** Topics are public: their names and pages. */
async function interestLinks(db: Db, ids: readonly string[]): Promise<Map<string, InterestLink>> {
  // Without a reader presentInterests reads nothing more: it only shapes the topics.
  const topics = await presentInterests(db, null, await interestsByIds(db, ids));
  return new Map(topics.map(({ id, name, url }) => [id, { id, name, url }]));
}

/** The reader's saved pins the walks started from, while the reader may still see them. */
async function seedLinks(db: Db, reader: HomeReader, ids: readonly string[]): Promise<Map<string, PinLink>> {
  if (ids.length === 0) return new Map();
  const rows = await visiblePinTitles(db, reader, ids);
  return new Map(rows.map((p) => [p.id, { id: p.id, title: p.title, url: `/pin/${p.id}/` }]));
}
