import type { Actor } from '../access/actor.ts';
import { decodeBookmark, encodeBookmark } from '../common/bookmark.ts';
import type { Deps } from '../deps.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';
import { AppError } from '../errors.ts';
import { visiblePhrases } from '../search/pin-matches.ts';
import { topicTokens } from '../search/search-text.ts';
import { visibleAfter } from '../search/visible-page.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { presentInterests } from '../social/topics.ts';
import type { IdeaJson } from '../../shared/contracts/discovery.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { mostFollowedTopics, topicById, topicBySlug } from './topics.repo.ts';
import { kindRanking, listingReader, pageOfRanking, presentPinIds, topicRanking, type DiscoveryKind, type PinPage } from './discovery-feeds.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import type { InterestJson } from '../../shared/contracts/social.ts';

/** Topics per page of the ideas index. */
export const IDEAS_PAGE_SIZE = 24;
/** The most followed topics offered as categories on the videos and shopping pages. */
export const CATEGORIES_MAX = 30;

export type TopicRef = { id?: string | undefined; slug?: string | undefined };

/** A topic by id or slug, or not found. Topics are public. */
export async function findTopic(deps: Deps, by: TopicRef): Promise<Interest> {
  const topic = by.id !== undefined ? await topicById(deps.db, by.id) : await topicBySlug(deps.db, (by.slug ?? '').toLowerCase());
  if (!topic) throw new AppError('not_found');
  return topic;
}

/** A topic's pins (/topics/:interest, /ideas/:interest/:id) or its videos or products (the category pages). */
export async function topicFeed(deps: Deps, actor: Actor, by: TopicRef, kind: 'all' | DiscoveryKind, bookmark: string | undefined): Promise<PinPage> {
  const topic = await findTopic(deps, by);
  const reader = readerOf(actor);
  return pageOfRanking(deps, reader, bookmark, (now) => topicRanking(deps, listingReader(reader), topic, kind, now));
}

/** /videos and /shopping: the videos or products of every topic. */
export async function kindFeed(deps: Deps, actor: Actor, kind: DiscoveryKind, bookmark: string | undefined): Promise<PinPage> {
  const reader = readerOf(actor);
  return pageOfRanking(deps, reader, bookmark, (now) => kindRanking(deps, listingReader(reader), kind, now));
}

/**
 * /ideas: topics, most followed first, each with its best pin the reader may see as its cover.
 * Paged by (follower count, id).
 */
export async function ideasIndex(deps: Deps, actor: Actor, bookmark: string | undefined): Promise<{ data: IdeaJson[]; bookmark: string }> {
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { data: [], bookmark: FEED_END };
  const rows = await mostFollowedTopics(deps.db, IDEAS_PAGE_SIZE + 1, cursor ? { followers: Number(cursor.key), id: cursor.id } : null);
  const topics = rows.slice(0, IDEAS_PAGE_SIZE);
  const reader = readerOf(actor);
  const [covers, presented] = await Promise.all([coverPins(deps, reader, topics), presentInterests(deps.db, reader.userId, topics)]);
  const last = topics.at(-1);
  return {
    data: presented.map((topic) => ({ ...topic, cover_pin: covers.get(topic.id) ?? null })),
    bookmark: rows.length > IDEAS_PAGE_SIZE && last ? encodeBookmark({ key: last.follower_count, id: last.id }) : FEED_END,
  };
}

/** Each topic's best pin the reader may see (the first of its page), presented together. */
async function coverPins(deps: Deps, reader: Reader, topics: readonly Interest[]): Promise<Map<string, PinJson>> {
  const now = Date.now();
  const best = new Map<string, string>();
  for (const topic of topics) {
    const [first] = await visibleAfter(await topicRanking(deps, listingReader(reader), topic, 'all', now), null, 1);
    if (first) best.set(topic.id, first.id);
  }
  const pins = new Map((await presentPinIds(deps, reader, [...new Set(best.values())])).map((p) => [p.id, p]));
  const covers = new Map<string, PinJson>();
  for (const [topicId, pinId] of best) {
    const pin = pins.get(pinId);
    if (pin) covers.set(topicId, pin);
  }
  return covers;
}

/**
 * The categories of /videos or /shopping: of the most followed topics, those with at least one
 * video (or product) pin the reader may see, most followed first.
 */
export async function categories(deps: Deps, actor: Actor, kind: DiscoveryKind): Promise<InterestJson[]> {
  const reader = readerOf(actor);
  const topics = await mostFollowedTopics(deps.db, CATEGORIES_MAX);
  const searchable = topics.filter((t) => topicTokens(t.name).length > 0);
  const found = await visiblePhrases(
    deps,
    listingReader(reader),
    searchable.map((t) => topicTokens(t.name)),
    kind,
  );
  const withPins = searchable.filter((_, i) => found[i] === true);
  return presentInterests(deps.db, reader.userId, withPins);
}
