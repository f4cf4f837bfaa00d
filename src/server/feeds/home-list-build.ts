import type { Deps } from '../deps.ts';
import { consentOf } from '../users/consent.ts';
import { findUserById } from '../users/users.repo.ts';
import { seedOf } from '../recs/prng.ts';
import type { Recommender } from '../recs/recommender.ts';
import { FOLLOW_SAVES, FOLLOW_SAVES_MAX, FOLLOW_SAVES_MORE, followedBoardSaves, followedUserSaves, topicPins, type HomeReader } from './follow-sources.ts';
import { candidateFacts } from './home-filter.repo.ts';
import { LIST_MAX, type HomeList } from './home-list.ts';
import { mixHome, type Candidate, type HomeReason } from './home-mix.ts';
import { popularPins, recentSavedPins, walkedPins } from './walk-sources.ts';

/**
 * Building and growing a reader's ranked list. `asOf` is the token's time: sources read nothing
 * saved after it, and the mix drops pins made after it, so a list rebuilt from the same token
 * later (its cached copy lost) comes out as the first did, but for what was deleted or hidden
 * since and for the walk over a graph that moved.
 */
export type ListContext = { deps: Deps; reader: HomeReader; recommender: Recommender; token: string; asOf: number };

/** A new list: every source at once, mixed. */
export async function buildList(context: ListContext): Promise<HomeList> {
  const { deps, reader, recommender, token, asOf } = context;
  const first = { before: null, limit: FOLLOW_SAVES, asOf };
  const [users, boards, topics, seeds] = await Promise.all([
    followedUserSaves(deps.db, reader, first),
    followedBoardSaves(deps.db, reader, first),
    topicPins(deps, reader, asOf),
    historySeeds(deps, reader.userId),
  ]);
  // The walk's draws follow the token: a refresh walks anew, a rebuild of the same list alike.
  const walked = walkedPins(recommender, seeds, seedOf(token));
  const popular = popularPins(recommender, 0);
  const sources = {
    followed_user: users.candidates,
    followed_board: boards.candidates,
    followed_interest: topics,
    saved_pin: walked,
    popular: popular.candidates,
  };
  const entries = (await mix(context, sources, [])).slice(0, LIST_MAX);
  return { token, entries, next: { users: users.next, boards: boards.next, popular: popular.next } };
}

/**
 * The reader's recent saves the walks start from: personalization from their history, so only
 * with their consent; without it the feed is made of what they chose to follow (their onboarding
 * interests among it) and popular pins.
 */
async function historySeeds(deps: Deps, userId: string): Promise<string[]> {
  const user = await findUserById(deps.db, userId);
  return user && consentOf(user, null).personalization ? recentSavedPins(deps.db, userId) : [];
}

/**
 * Appends the next candidates of the sources that go on (older saves of follows, the next window
 * of popular pins) to the list. Answers false when nothing can come any more.
 */
export async function growList(context: ListContext, list: HomeList): Promise<boolean> {
  const { deps, reader, recommender, asOf } = context;
  // A round that added nothing (saves of pictures the list holds already) reads twice as many next.
  let limit = FOLLOW_SAVES_MORE;
  while (list.entries.length < LIST_MAX) {
    const { users: usersAt, boards: boardsAt, popular: popularAt } = list.next;
    if (usersAt === null && boardsAt === null && popularAt === null) return false;
    const more = (before: typeof usersAt) => ({ before, limit, asOf });
    const [users, boards] = await Promise.all([
      usersAt ? followedUserSaves(deps.db, reader, more(usersAt)) : { candidates: [], next: null },
      boardsAt ? followedBoardSaves(deps.db, reader, more(boardsAt)) : { candidates: [], next: null },
    ]);
    const popular = popularAt === null ? { candidates: [], next: null } : popularPins(recommender, popularAt);
    const added = await mix(context, { followed_user: users.candidates, followed_board: boards.candidates, popular: popular.candidates }, list.entries);
    list.entries.push(...added.slice(0, LIST_MAX - list.entries.length));
    list.next = { users: users.next, boards: boards.next, popular: popular.next };
    // Everything read this round may have been seen already: the sources moved on, so read again.
    if (added.length > 0) return true;
    limit = Math.min(2 * limit, FOLLOW_SAVES_MAX);
  }
  return false;
}

async function mix(context: ListContext, sources: Partial<Record<HomeReason, Candidate[]>>, after: HomeList['entries']) {
  const ids = Object.values(sources).flatMap((list) => list.map((c) => c.pinId));
  const facts = await candidateFacts(context.deps.db, context.reader.userId, ids);
  return mixHome({ readerId: context.reader.userId, sources, facts, token: context.token, after });
}
