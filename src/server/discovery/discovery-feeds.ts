import type { Deps } from '../deps.ts';
import type { Interest } from '../db/schema/boards-and-pins.ts';
import { presentPins } from '../pins/pins.present.ts';
import { keepVisible, type PinSearch } from '../search/pin-matches.ts';
import { searchPins, topicSearch } from '../search/pin-search.ts';
import { decodeSearchBookmark, encodeSearchBookmark } from '../search/search-bookmark.ts';
import { allVisible, visibleAfter, type Ranking } from '../search/visible-page.ts';
import { publicReaderOf, type Reader } from '../access/authorized.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { rankByPopularity, TOPIC_WEIGHTS } from './topic-ranking.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import { pinsWithIds } from '../search/search-results.repo.ts';
import { newestListedOfKind } from './discovery-feeds.repo.ts';

/**
 * The discovery feeds as the GUIDE's pipeline: a ranked source of ids (a topic's search, the
 * newest listed videos or products), paged with search's bookmarks (the ranking's clock and the
 * last item shown), each page checked by the pin policy (secret boards, blocks, deleted, hidden,
 * unsafe, stale) and presented in a fixed number of queries.
 */

/**
 * Who a discovery list is read as: the reader, without their secret boards. Topic, category and
 * Today pages list public pins only (a member's own secret pins stay on their boards), still
 * without the pins they hid or of people blocked either way. Pins are then presented to the
 * reader as they are.
 */
export function listingReader(reader: Reader): Reader {
  return publicReaderOf(reader);
}

/** Pins per page, as the other grids. */
export const DISCOVERY_PAGE_SIZE = 25;
/** The newest listed pins of a kind that the videos and shopping pages rank. */
export const KIND_WINDOW = 2_000;

export type DiscoveryKind = Exclude<PinSearch['kind'], 'all'>;
export type PinPage = { pins: PinJson[]; bookmark: string };

/** One page of a ranking that is made afresh for each page with the first page's clock. */
export async function pageOfRanking(deps: Deps, reader: Reader, bookmark: string | undefined, rank: (now: number) => Promise<Ranking>): Promise<PinPage> {
  const cursor = decodeSearchBookmark(bookmark);
  if (cursor === 'end') return { pins: [], bookmark: FEED_END };
  const now = cursor?.rankedAt ?? Date.now();
  const shown = await visibleAfter(await rank(now), cursor?.last ?? null, DISCOVERY_PAGE_SIZE + 1);
  const items = shown.slice(0, DISCOVERY_PAGE_SIZE);
  const last = items.at(-1);
  return {
    pins: await presentPinIds(
      deps,
      reader,
      items.map((r) => r.id),
    ),
    bookmark: shown.length > DISCOVERY_PAGE_SIZE && last ? encodeSearchBookmark({ rankedAt: now, last, corrected: false }) : FEED_END,
  };
}

/** Pins by id, presented in the order given (the ids are already checked for the reader). */
export async function presentPinIds(deps: Deps, reader: Reader, ids: readonly string[]): Promise<PinJson[]> {
  if (ids.length === 0) return [];
  const rows = await pinsWithIds(deps.db, ids);
  const byId = new Map(rows.map((pin) => [pin.id, pin]));
  return presentPins(
    deps,
    reader,
    ids.flatMap((id) => {
      const pin = byId.get(id);
      return pin ? [{ pin }] : [];
    }),
  );
}

/** A topic's pins (or its videos or products): a search for its name, ranked for a topic page. */
export async function topicRanking(deps: Deps, reader: Reader, topic: Pick<Interest, 'name'>, kind: PinSearch['kind'], now: number): Promise<Ranking> {
  const search = topicSearch(topic.name, kind);
  return search === null ? allVisible([]) : searchPins(deps, reader, search, now, TOPIC_WEIGHTS);
}

/** The newest listed videos or products of every topic, ranked by saves and freshness. */
export async function kindRanking(deps: Deps, reader: Reader, kind: DiscoveryKind, now: number): Promise<Ranking> {
  const rows = await newestListedOfKind(deps.db, kind, KIND_WINDOW);
  const ranked = rankByPopularity(
    rows.map((r) => ({ id: r.id, saves: r.save_count, createdAt: r.created_at })),
    now,
  );
  return { ranked, keep: (ids) => keepVisible(deps, reader, ids) };
}
