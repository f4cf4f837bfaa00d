import type { Actor } from '../access/actor.ts';
import { presentBoards } from '../boards/boards.present.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { presentPins } from '../pins/pins.present.ts';
import { storyPinsOf } from '../pins/story-search.ts';
import { requireNotBlocked, withBlocksKnown } from '../access/block.policy.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { SearchScope } from '../../shared/constants.ts';
import { searchBoards, searchUsers } from './board-user-search.ts';
import { GUIDE_SOURCE_RESULTS, guidesFor, type Guide } from './guides.ts';
import type { PinSearch, ProductFilters } from './pin-matches.ts';
import { searchPins } from './pin-search.ts';
import { narrowToSkinTone, offersSkinTones } from './skin-tone-filter.ts';
import { recordSearch } from './recent-searches.service.ts';
import { decodeSearchBookmark, encodeSearchBookmark } from './search-bookmark.ts';
import type { SearchAnswer, SearchOptions, SearchTypo } from '../../shared/contracts/search.ts';
import { isPinScope, SCOPE_IDS, searchTabs } from '../../shared/search-scopes.ts';
import { queryTokens } from './search-text.ts';
import { boardsWithIds, pinsWithIds } from './search-results.repo.ts';
import { correctedWords } from './typo.ts';
import { allVisible, visibleAfter, type Ranking } from './visible-page.ts';

/** Results per page, as the other grids of pins. */
export const SEARCH_PAGE_SIZE = 25;

export type SearchData = SearchAnswer;

/**
 * BaseSearchResource get: one page of a scope's results for the query, with the search page's
 * tabs, guides on the first page, and a spelling correction when the words as typed find nothing
 * the viewer may see (unless auto_correction_disabled). A member's first page is remembered as a
 * recent search.
 */
export async function search(deps: Deps, actor: Actor, options: SearchOptions): Promise<{ data: SearchData; bookmark: string }> {
  const page = await searchPage(deps, actor, options);
  const results = await present(deps, readerOf(actor), options.scope, page.ids);
  return { data: dataOf(options, results, page), bookmark: page.bookmark };
}

export type SearchPage = { ids: string[]; guides: Guide[]; typo: SearchTypo | null; showSkinToneFilters: boolean; bookmark: string };

/** The ids of one page of a search, in ranked order (the public API presents them its own way). */
export async function searchPage(deps: Deps, actor: Actor, options: SearchOptions, pageSize = SEARCH_PAGE_SIZE): Promise<SearchPage> {
  const reader = await withBlocksKnown(deps.db, readerOf(actor));
  const cursor = decodeSearchBookmark(options.bookmark);
  if (cursor === 'end') return { ids: [], guides: [], typo: null, showSkinToneFilters: false, bookmark: FEED_END };
  const now = cursor?.rankedAt ?? Date.now();
  const whose = await whoseOf(deps, actor, reader, options);
  const rank = async (words: readonly string[]) => narrowToSkinTone(deps, await rankScope(deps, reader, options, whose, words, now), options.skin_tone);
  const typed = queryTokens(options.query);
  const correctable = !options.auto_correction_disabled && isPinScope(options.scope);
  // Later pages of a corrected search search the correction again (the bookmark says so).
  let words = cursor?.corrected && correctable ? ((await correctedWords(deps.db, typed)) ?? typed) : typed;
  // The first page looks further, for the guides.
  const wanted = cursor ? pageSize + 1 : Math.max(pageSize + 1, GUIDE_SOURCE_RESULTS);
  let shown = await visibleAfter(await rank(words), cursor?.last ?? null, wanted);
  if (cursor === null && shown.length === 0 && correctable) {
    const corrected = await correctedWords(deps.db, typed);
    const found = corrected ? await visibleAfter(await rank(corrected), null, wanted) : [];
    if (corrected && found.length > 0) [words, shown] = [corrected, found];
  }
  const corrected = words !== typed;
  const typo: SearchTypo | null = corrected ? { original_query: options.query, corrected_query: words.join(' '), auto_corrected: true } : null;
  const items = shown.slice(0, pageSize);
  const last = items.at(-1);
  const guides =
    cursor === null && isPinScope(options.scope)
      ? guidesFor(
          typo?.corrected_query ?? options.query,
          words,
          shown.map((r) => r.terms ?? ''),
        )
      : [];
  const showSkinToneFilters =
    cursor === null &&
    isPinScope(options.scope) &&
    (await offersSkinTones(
      deps,
      words,
      shown.map((r) => r.id),
      options.skin_tone !== undefined,
    ));
  if (cursor === null && actor.kind === 'member') recordSearch(deps, actor.userId, options.query, options.scope, now);
  return {
    ids: items.map((r) => r.id),
    guides,
    typo,
    showSkinToneFilters,
    bookmark: shown.length > pageSize && last ? encodeSearchBookmark({ rankedAt: now, last, corrected }) : FEED_END,
  };
}

function dataOf(options: SearchOptions, results: SearchData['results'], page: SearchPage): SearchData {
  return {
    query: options.query,
    scope: options.scope,
    scope_id: options.scope in SCOPE_IDS ? SCOPE_IDS[options.scope as keyof typeof SCOPE_IDS] : null,
    results,
    guides: page.guides,
    typo: page.typo,
    tabs: searchTabs(options.query, options.scope),
    show_skin_tone_filters: page.showSkinToneFilters,
  };
}

/**
 * Whose things a search is limited to: for pins, the viewer's own saves (my_pins) or a profile's
 * (`user`); for boards, the boards a `user` owns or collaborates on.
 */
async function whoseOf(deps: Deps, actor: Actor, reader: Reader, options: SearchOptions): Promise<string | null> {
  if (options.scope === 'my_pins') {
    if (reader.userId === null) throw new AppError('unauthorized');
    return reader.userId;
  }
  if (options.user === undefined || !(isPinScope(options.scope) || options.scope === 'boards')) return null;
  const user = await findUserByUsername(deps.db, options.user.toLowerCase());
  if (!user) throw new AppError('not_found');
  await requireNotBlocked(deps.db, reader, user.id);
  return user.id;
}

async function rankScope(deps: Deps, reader: Reader, options: SearchOptions, whose: string | null, words: readonly string[], now: number): Promise<Ranking> {
  if (words.length === 0) return allVisible([]);
  switch (options.scope) {
    case 'boards':
      return allVisible(await searchBoards(deps, reader, words, 'all', { memberId: whose }));
    case 'users':
      return allVisible(await searchUsers(deps, reader, words, 'all'));
    case 'idea_pins':
      return storyPinsOf(deps, await searchPins(deps, reader, { tokens: words, kind: 'all', savedBy: whose, product: null }, now));
    default: {
      const kind: PinSearch['kind'] = options.scope === 'videos' ? 'videos' : options.scope === 'buyable_pins' ? 'products' : 'all';
      const product: ProductFilters | null = options.scope === 'buyable_pins' ? (options.appliedProductFilters ?? null) : null;
      return searchPins(deps, reader, { tokens: words, kind, savedBy: whose, product }, now);
    }
  }
}

/** A page of ids in their ranked order, presented as the scope's entities. */
async function present(deps: Deps, reader: Reader, scope: SearchScope, ids: string[]): Promise<SearchData['results']> {
  if (ids.length === 0) return [];
  const positions = new Map(ids.map((id, i) => [id, i]));
  const order = (id: string) => positions.get(id) ?? ids.length;
  if (scope === 'boards') {
    const boards = await boardsWithIds(deps.db, ids);
    return presentBoards(
      deps,
      reader,
      boards.sort((a, b) => order(a.id) - order(b.id)),
    );
  }
  if (scope === 'users') {
    const cards = await loadUserCards(deps, reader, ids);
    return ids.flatMap((id) => cards.get(id) ?? []);
  }
  const pins = await pinsWithIds(deps.db, ids);
  return presentPins(
    deps,
    reader,
    pins.sort((a, b) => order(a.id) - order(b.id)).map((pin) => ({ pin })),
  );
}
