import { type Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { holdsEveryWord, pinOwnWords } from '../search/own-words.ts';
import { searchPins, topicSearch } from '../search/pin-search.ts';
import type { Reader } from '../access/authorized.ts';
import { roundRobin, type Candidate } from './home-mix.ts';
import { followedSaveRows, followedTopics, visibleBoardIds, type SaveRow } from './home-sources.repo.ts';

/**
 * The home feed's sources from what the reader follows: recent saves of followed people and to
 * followed boards (newest first, paged by (saved time, save id) so the list can grow older), and
 * pins of followed topics from the text index. A save counts only on a board the reader may see:
 * "someone you follow saved this" must not tell of a save to a secret board.
 */
export type SourcePage = { candidates: Candidate[]; next: Cursor | null };

/** Saves read per source for a new list, and each time the list grows. */
export const FOLLOW_SAVES = 150;
export const FOLLOW_SAVES_MORE = 100;
/** The most read in one round when rounds before it added nothing. */
export const FOLLOW_SAVES_MAX = 1600;
/** The topics most recently followed, and how many of each one's best matches. */
export const TOPICS_MAX = 5;
export const PINS_PER_TOPIC = 40;
/**
 * The best matches read per topic. A topic's search also matches the names of the boards a pin
 * sits on; only pins whose own words say the topic are "picked for you from" it, so a dessert
 * saved to someone's "Dream cars" board is not shown as a pick from Cars.
 */
const TOPIC_PINS_READ = 3 * PINS_PER_TOPIC;

/** A signed-in reader: the home feed has no visitor. */
export type HomeReader = Reader & { userId: string };

type Page = { before: Cursor | null; limit: number; asOf: number };

/** Saves by the people the reader follows; the reason names the person who saved. */
export function followedUserSaves(db: Db, reader: HomeReader, page: Page): Promise<SourcePage> {
  return followedSaves(db, reader, page, 'followed_user');
}

/** Saves to the boards the reader follows; the reason names the board. */
export function followedBoardSaves(db: Db, reader: HomeReader, page: Page): Promise<SourcePage> {
  return followedSaves(db, reader, page, 'followed_board');
}

/**
 * Saves on boards the reader may see, newest first, through the people or the boards they follow.
 * The newest saves are read first and only they are checked for the reader: checking before the
 * limit would check every save the followed people ever made (a visibility test each, a quarter
 * of a second for one person with 10,000 saves). A page may so hold fewer candidates than saves
 * read; the cursor goes on from the last save read.
 */
async function followedSaves(db: Db, reader: HomeReader, page: Page, reason: FollowReason): Promise<SourcePage> {
  const rows = await followedSaveRows(db, reader.userId, reason, page);
  const visible = await visibleBoardIds(
    db,
    reader,
    rows.map((r) => r.board_id),
  );
  return pageOfSaves(rows, visible, page.limit, reason);
}

type FollowReason = 'followed_user' | 'followed_board';

function pageOfSaves(rows: readonly SaveRow[], visible: ReadonlySet<string>, limit: number, reason: FollowReason): SourcePage {
  const last = rows.at(-1);
  return {
    candidates: rows.flatMap((r) => (r.ref === null || !visible.has(r.board_id) ? [] : [{ pinId: r.pin_id, reason, ref: r.ref }])),
    // A short page was the last one.
    next: rows.length === limit && last ? { key: last.created_at, id: last.id } : null,
  };
}

/**
 * Pins of the topics the reader follows: a pins search for each topic's name (its words without
 * stop words, as search's personal signal reads a topic), kept when the pin's own words say the
 * topic, the best first, one of each topic in turn.
 */
export async function topicPins(deps: Deps, reader: HomeReader, asOf: number): Promise<Candidate[]> {
  const topics = await followedTopics(deps.db, reader.userId, TOPICS_MAX);
  const lists: Candidate[][] = [];
  for (const topic of topics) {
    const search = topicSearch(topic.name);
    if (search === null) continue;
    const { ranked } = await searchPins(deps, reader, search, asOf);
    const read = ranked.slice(0, TOPIC_PINS_READ).map((r) => r.id);
    const own = await pinOwnWords(deps.db, read);
    const about = read.filter((id) => holdsEveryWord(own.get(id) ?? [], search.tokens));
    lists.push(about.slice(0, PINS_PER_TOPIC).map((pinId) => ({ pinId, reason: 'followed_interest', ref: topic.id })));
  }
  return roundRobin(lists);
}
