import type { Actor } from '../access/actor.ts';
import { decodeBookmark, encodeBookmark, type Cursor } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import type { PinItem } from '../pins/pins.present.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import type { RankedPin, ReasonKind } from './blend.ts';
import type { Recommender } from './recommender.ts';
import { rankRelated } from './related.rank.ts';
import { listablePinsAmong, visibleBoardLinks } from './related.repo.ts';

/** The spec's related feed page size. */
export const RELATED_PAGE_SIZE = 12;
/** Ranked pins checked per query while filling a page: some fall to the reader's filters. */
const CHECK_AT_ONCE = 3 * RELATED_PAGE_SIZE;

export type BoardLink = { id: string; name: string; url: string };

/**
 * Why a pin is recommended: `saved_to_board` names the board the walk reached it through;
 * `saved_together` is the same when that board is not one the reader may see; `visually_similar`
 * and `similar_text` name the pin it resembles (reason_id).
 */
export type RecommendationReason = { reason: ReasonKind | 'saved_together'; reason_id: string; board?: BoardLink };

export type RelatedPinItem = PinItem & { recommendation_reason: RecommendationReason };

/**
 * The related feed of a pin (the closeup's "more like this"): the recommender's ranking, filtered
 * for the reader by the pin policies (privacy, blocks, deleted, hidden) and without unsafe pins,
 * twelve a page, each with its reason. A pin the reader may not see is not found.
 */
export async function relatedPins(deps: Deps, actor: Actor, pinId: string, bookmark?: string): Promise<{ items: RelatedPinItem[]; bookmark: string }> {
  const reader = readerOf(actor);
  const pin = await findVisiblePin(deps.db, reader, pinId);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { items: [], bookmark: FEED_END };
  const recommender = deps.replicas.recommender;
  // A dedicated worker holds no graph; only serving nodes answer these requests.
  if (!recommender) throw new AppError('unavailable', 'This node serves no recommendations.');
  await recommender.ready();
  const ranked = (cursor ? recommender.rankings.get(pin.id) : undefined) ?? (await rankAndKeep(deps.db, recommender, pin.id));
  const page = await visiblePage(deps.db, reader, ranked, cursor ? resumeAt(ranked, cursor) : 0);
  const boards = await reasonBoards(
    deps.db,
    reader,
    page.items.map((i) => i.ranked),
  );
  return {
    items: page.items.map(({ pin: item, ranked: r }) => ({ pin: item, recommendation_reason: reasonOf(r, pin.id, boards) })),
    bookmark: page.bookmark,
  };
}

async function rankAndKeep(db: Db, recommender: Recommender, pinId: string): Promise<RankedPin[]> {
  const ranked = await rankRelated(db, recommender, pinId);
  recommender.rankings.set(pinId, ranked);
  return ranked;
}

/** Where the next page starts: after the bookmark's pin, found again if the list moved. */
function resumeAt(ranked: readonly RankedPin[], cursor: Cursor): number {
  const key = Number(cursor.key);
  if (ranked[key - 1]?.pinId === cursor.id) return key;
  const at = ranked.findIndex((r) => r.pinId === cursor.id);
  return at >= 0 ? at + 1 : Math.min(key, ranked.length);
}

type PageItem = { pin: Pin; ranked: RankedPin };

async function visiblePage(db: Db, reader: Reader, ranked: readonly RankedPin[], start: number): Promise<{ items: PageItem[]; bookmark: string }> {
  const items: PageItem[] = [];
  let at = start;
  while (items.length < RELATED_PAGE_SIZE && at < ranked.length) {
    const slice = ranked.slice(at, at + CHECK_AT_ONCE);
    const rows = await listablePinsAmong(
      db,
      reader,
      slice.map((r) => r.pinId),
    );
    const visible = new Map(rows.map((p) => [p.id, p]));
    for (const r of slice) {
      at += 1;
      const pin = visible.get(r.pinId);
      if (pin) items.push({ pin, ranked: r });
      if (items.length === RELATED_PAGE_SIZE) break;
    }
  }
  const last = ranked[at - 1];
  return { items, bookmark: at < ranked.length && last ? encodeBookmark({ key: at, id: last.pinId }) : FEED_END };
}

/** The boards named by reasons that the reader may see, with their links (the home feed's too). */
export async function reasonBoards(db: Db, reader: Reader, ranked: readonly RankedPin[]): Promise<Map<string, BoardLink>> {
  const ids = [...new Set(ranked.flatMap((r) => (r.boardId ? [r.boardId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await visibleBoardLinks(db, reader, ids);
  return new Map(rows.map((b) => [b.id, { id: b.id, name: b.name, url: `/${b.username}/${b.slug}/` }]));
}

function reasonOf(ranked: RankedPin, queryPinId: string, boards: ReadonlyMap<string, BoardLink>): RecommendationReason {
  if (ranked.reason !== 'saved_to_board') return { reason: ranked.reason, reason_id: queryPinId };
  const board = ranked.boardId ? boards.get(ranked.boardId) : undefined;
  return board ? { reason: 'saved_to_board', reason_id: board.id, board } : { reason: 'saved_together', reason_id: queryPinId };
}
