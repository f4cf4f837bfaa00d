import { signedInReaderOf } from '../access/authorized.ts';
import type { Actor } from '../access/actor.ts';
import { BOARD_FEED_PAGE_SIZE } from './board-feed.ts';
import { idTime, newId } from '../db/ids.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { PinItem } from '../pins/pins.present.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { decodeHomeBookmark, encodeHomeBookmark } from './home-bookmark.ts';
import { showablePins } from './home-filter.repo.ts';
import { buildList, growList, type ListContext } from './home-list-build.ts';
import { canGrow, loadList, storeList, type HomeList } from './home-list.ts';
import { scheduleNextList, takeNextList } from './home-next.ts';
import { resumeAt } from './home-mix.ts';
import { reasonsOf } from './home-reasons.ts';
import { presentHomePins } from './home.present.ts';
import { takeFirstHomeFeedAfterNux } from '../users/nux.service.ts';
import type { HomePinJson, HomeRecommendationReason } from '../../shared/contracts/feeds.ts';
import type { HomeReader } from './follow-sources.ts';

/** The grid's page size, as on boards. */
export const HOME_PAGE_SIZE = BOARD_FEED_PAGE_SIZE;
/** List entries checked per query while filling a page: some fall to the reader's filters. */
const CHECK_AT_ONCE = 2 * HOME_PAGE_SIZE;

export type HomeItem = PinItem & { recommendation_reason: HomeRecommendationReason };

/**
 * The signed-in reader's home feed (issue 4; docs/decisions/0022-home-feed.md): pins saved by
 * followed people and to followed boards, of followed topics and from walks seeded by the
 * reader's recent saves, then popular pins; each once, each with its reason, 25 a page. The
 * first page serves the list prebuilt after the reader's last visit when it is still current
 * (home-next.ts), else builds one, and has the next one built; later pages read the list and
 * grow it when it runs out.
 */
export async function homeFeed(deps: Deps, actor: Actor, bookmark?: string): Promise<{ items: HomeItem[]; bookmark: string }> {
  return homeItems(deps, signedInReaderOf(actor), bookmark);
}

/** UserHomefeedResource: the same page, its pins as every grid shows them, each with its reason. */
export async function homeFeedPins(deps: Deps, actor: Actor, bookmark?: string): Promise<{ pins: HomePinJson[]; bookmark: string }> {
  const reader = signedInReaderOf(actor);
  const page = await homeItems(deps, reader, bookmark);
  return { pins: await presentHomePins(deps, reader, page.items), bookmark: page.bookmark };
}

async function homeItems(deps: Deps, reader: HomeReader, bookmark: string | undefined): Promise<{ items: HomeItem[]; bookmark: string }> {
  const userId = reader.userId;
  const now = Date.now();
  const cursor = decodeHomeBookmark(bookmark, now);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const recommender = deps.replicas.recommender;
  // A dedicated worker holds no graph; only serving nodes answer these requests.
  if (!recommender) throw new AppError('unavailable', 'This node serves no recommendations.');
  await recommender.ready();
  // The first home feed after onboarding is built from the interests just chosen, never served from a list made before them.
  const prebuilt = cursor || (await takeFirstHomeFeedAfterNux(deps, userId)) ? null : await takeNextList(deps, userId);
  const token = cursor?.token ?? prebuilt?.token ?? newId();
  const context: ListContext = { deps, reader, recommender, token, asOf: Math.min(idTime(token), now) };
  // Another node built it, or it expired: the same token rebuilds it as it was, as far as it can.
  const list = prebuilt ?? (cursor ? await loadList(deps, userId, token) : null) ?? (await buildList(context));
  const page = await fillPage(context, list, cursor ? resumeAt(list.entries, cursor.offset, cursor.lastId) : 0);
  // Stored after every page: kept for as long as the reader keeps scrolling.
  await storeList(deps, userId, list);
  if (!cursor) {
    scheduleNextList(deps, userId, () => {
      const next = newId();
      return firstPageList({ ...context, token: next, asOf: idTime(next) });
    });
  }
  return page;
}

/** A new list grown as far as its first page needs, as a visit would grow it (home-next.ts). */
async function firstPageList(context: ListContext): Promise<HomeList> {
  const list = await buildList(context);
  await fillPage(context, list, 0);
  return list;
}

/** Entries from `start` on that the reader may see, growing the list when it runs out. */
async function fillPage(context: ListContext, list: HomeList, start: number): Promise<{ items: HomeItem[]; bookmark: string }> {
  const { deps, reader } = context;
  const items: HomeItem[] = [];
  let at = start;
  while (items.length < HOME_PAGE_SIZE) {
    if (at >= list.entries.length && !(canGrow(list) && (await growList(context, list)))) break;
    const chunk = list.entries.slice(at, at + CHECK_AT_ONCE);
    const pins = await showablePins(
      deps.db,
      reader,
      chunk.map((e) => e.pinId),
    );
    const reasons = await reasonsOf(
      deps.db,
      reader,
      chunk.filter((e) => pins.has(e.pinId)),
    );
    for (const entry of chunk) {
      at += 1;
      const pin = pins.get(entry.pinId);
      const reason = reasons.get(entry.pinId);
      if (pin && reason) items.push({ pin, recommendation_reason: reason });
      if (items.length === HOME_PAGE_SIZE) break;
    }
  }
  const last = list.entries[at - 1];
  const more = at < list.entries.length || canGrow(list);
  return { items, bookmark: more && last ? encodeHomeBookmark({ token: list.token, offset: at, lastId: last.pinId }) : FEED_END };
}
