import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { reasonBoards, type BoardLink } from '../recs/related.service.ts';
import { presentInterest } from '../social/topics.ts';
import { fullName } from '../users/users.present.ts';
import type { HomeReader } from './follow-sources.ts';
import type { HomeEntry, HomeReason } from './home-mix.ts';
import { notBlocked, visibleBoards, visiblePins } from '../access/visibility.repo.ts';

export type UserLink = { id: string; username: string; full_name: string; url: string };
export type InterestLink = { id: string; name: string; url: string };
export type PinLink = { id: string; title: string; url: string };

/**
 * Why a pin is on the reader's home feed, with what the reason names: the person who saved it,
 * the followed board or topic, the reader's save the walk started from. A popular pin names itself.
 */
export type HomeRecommendationReason = {
  reason: HomeReason;
  reason_id: string;
  user?: UserLink;
  board?: BoardLink;
  interest?: InterestLink;
  pin?: PinLink;
};

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
  const rows = await db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('users', 'users.id', 'bp.saved_by')
    .select(['bp.pin_id', 'users.id', 'users.username', 'users.first_name', 'users.last_name'])
    .where('bp.pin_id', 'in', [...new Set(entries.map((e) => e.pinId))])
    .where('bp.saved_by', 'in', [...new Set(entries.map((e) => e.ref))])
    .where(visibleBoards(reader))
    .where(notBlocked(reader, sql.ref('users.id')))
    .execute();
  return new Map(rows.map((r) => [`${r.pin_id}:${r.id}`, { id: r.id, username: r.username, full_name: fullName(r), url: `/${r.username}/` }]));
}

/** Topics are public: their names and pages. */
async function interestLinks(db: Db, ids: readonly string[]): Promise<Map<string, InterestLink>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('interests')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  const links = new Map<string, InterestLink>();
  for (const row of rows) {
    // Without a reader presentInterest reads nothing more: it only shapes the topic.
    const { id, name, url } = await presentInterest(db, null, row);
    links.set(id, { id, name, url });
  }
  return links;
}

/** The reader's saved pins the walks started from, while the reader may still see them. */
async function seedLinks(db: Db, reader: HomeReader, ids: readonly string[]): Promise<Map<string, PinLink>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pins')
    .select(['pins.id', 'pins.title'])
    .where('pins.id', 'in', [...new Set(ids)])
    .where(visiblePins(reader))
    .execute();
  return new Map(rows.map((p) => [p.id, { id: p.id, title: p.title, url: `/pin/${p.id}/` }]));
}
