import type { Actor } from '../access/actor.ts';
import { readerOf, requireSignedIn } from '../access/authorized.ts';
import { userBoards } from '../boards/board-lists.service.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { ownAccount } from '../users/own-account.service.ts';
import { pinsWithIds } from './search-results.repo.ts';
import { memberBoardsByIds, savedShownPinsByIds } from './search-v5.repo.ts';
import { SearchOptions } from '../../shared/contracts/search.ts';
import { searchPage } from './search.service.ts';

/**
 * The public API's searches (/v5/search/pins and /v5/search/boards, docs/decisions/0011): the
 * token user's own pins (the ones they saved) and boards (owned and collaborating), found by the
 * search page's text index (docs/decisions/0018-search.md), exact words only: an API caller asked
 * for those.
 */

/** At most this many ids in one query: a page's worth and more. */
const IDS_MAX = 250;
const PIN_IDS = /^\s*\d{1,20}(\s*,\s*\d{1,20})*\s*$/;

/** In the order of `ids`, those of `rows` found. */
function inOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The caller's saved pins matching the query's words, a page of the search's size; a query of
 * comma-separated pin ids answers those of the caller's saved pins still shown, in the order given,
 * on one page.
 */
export async function searchOwnPins(
  deps: Deps,
  actor: Actor,
  query: { query: string; bookmark?: string | undefined },
): Promise<{ pins: Pin[]; bookmark: string }> {
  const me = requireSignedIn(actor);
  if (PIN_IDS.test(query.query)) {
    const ids = [...new Set(query.query.split(',').map((id) => id.trim()))].slice(0, IDS_MAX);
    return { pins: inOrder(ids, await savedShownPinsByIds(deps.db, readerOf(me), me.userId, ids)), bookmark: FEED_END };
  }
  const options = SearchOptions.parse({ query: query.query, scope: 'my_pins', bookmark: query.bookmark, auto_correction_disabled: true });
  const page = await searchPage(deps, me, options);
  return { pins: inOrder(page.ids, await pinsWithIds(deps.db, page.ids)), bookmark: page.bookmark };
}

/**
 * The boards the caller owns or collaborates on matching the query's words (a search ranks before
 * it pages, so those no longer the caller's are left out); without a query, all of them, newest first.
 */
export async function searchOwnBoards(
  deps: Deps,
  actor: Actor,
  query: { query?: string | undefined; bookmark?: string | undefined; pageSize: number },
): Promise<{ boards: Board[]; bookmark: string }> {
  const me = requireSignedIn(actor);
  const { username } = await ownAccount(deps, me);
  const { bookmark, pageSize } = query;
  if (query.query === undefined) return userBoards(deps, me, { username, sort: 'newest', archived: false, bookmark, pageSize });
  const options = SearchOptions.parse({ query: query.query, scope: 'boards', user: username, bookmark, auto_correction_disabled: true });
  const page = await searchPage(deps, me, options, pageSize);
  return { boards: inOrder(page.ids, await memberBoardsByIds(deps.db, me.userId, page.ids)), bookmark: page.bookmark };
}
