import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { withBlocksKnown } from '../access/block.policy.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { searchBoards, searchUsers } from './board-user-search.ts';
import { visiblePhrases } from './pin-matches.ts';
import { DEFAULT_RECENT_QUERY_TAGS, recentForTerm } from './recent-searches.ts';
import { loadAllRecentSearches } from './recent-searches.service.ts';
import { searchUrl } from '../../shared/search-scopes.ts';
import { queryTokens } from './search-text.ts';
import { completions } from './vocabulary.ts';
import { boardLinkRows, topicsStartingWith } from './typeahead.repo.ts';
import type { RecentQueryTag, TypeaheadItem } from '../../shared/contracts/search.ts';

/**
 * AdvancedTypeaheadResource get: what to offer while a member types in the header's search field.
 * Their recent searches first, then whole queries completing the last word, topics, boards and
 * people. A completed query is offered only when it finds a pin the viewer may see; boards and
 * people pass the board and block policies: a suggestion never shows what a search would not.
 */
export const TYPEAHEAD_LIMITS = { recent: 5, queries: 5, interests: 3, boards: 3, users: 3 } as const;
/** Completions looked at per keystroke before the visible ones are picked. */
const COMPLETIONS_CONSIDERED = 10;
/**
 * Boards and people looked at per keystroke: the newest matches of what was typed, the best few
 * by text then followers. A keystroke's budget is a few milliseconds at a million pins (reading
 * each board's document is most of its boards' share); a search (Enter) looks at ten times more.
 */
const TYPEAHEAD_WINDOW = 100;
const TYPEAHEAD_CAP = 50;

type Unindexed<T> = T extends unknown ? Omit<T, 'resultIndex'> : never;
type Item = Unindexed<TypeaheadItem>;

export type TypeaheadOptions = { term: string; recent_queries_tags?: readonly RecentQueryTag[] | undefined };

export async function typeahead(deps: Deps, actor: Actor, options: TypeaheadOptions): Promise<{ items: TypeaheadItem[] }> {
  const reader = await withBlocksKnown(deps.db, readerOf(actor));
  const words = queryTokens(options.term);
  const [recent, queries, interests, boards, users] = await Promise.all([
    recentItems(deps, actor, options),
    words.length > 0 ? queryItems(deps, reader, words) : [],
    words.length > 0 ? interestItems(deps, options.term) : [],
    words.length > 0 ? boardItems(deps, reader, words) : [],
    words.length > 0 ? userItems(deps, reader, words) : [],
  ]);
  const items: Item[] = [...recent, ...queries, ...interests, ...boards, ...users];
  return { items: items.map((item, resultIndex) => ({ ...item, resultIndex })) };
}

async function recentItems(deps: Deps, actor: Actor, options: TypeaheadOptions): Promise<Item[]> {
  if (actor.kind !== 'member') return [];
  const all = await loadAllRecentSearches(deps, actor.userId);
  const tags = options.recent_queries_tags && options.recent_queries_tags.length > 0 ? options.recent_queries_tags : DEFAULT_RECENT_QUERY_TAGS;
  return recentForTerm(all, options.term, tags, TYPEAHEAD_LIMITS.recent).map((s) => ({
    type: 'recent_query',
    label: s.query,
    query: s.query,
    scope: s.scope,
    url: searchUrl(s.scope, s.query, 'typeahead'),
  }));
}

/** The typed words with the last one completed from the vocabulary, kept when the viewer would find something. */
async function queryItems(deps: Deps, reader: Reader, words: readonly string[]): Promise<Item[]> {
  const typed = words.slice(0, -1);
  const last = words.at(-1) ?? '';
  const candidates = await completions(deps.db, last, COMPLETIONS_CONSIDERED);
  const phrases = candidates.map((word) => [...typed, word]);
  const found = await visiblePhrases(deps, reader, phrases);
  return phrases
    .filter((_, i) => found[i])
    .slice(0, TYPEAHEAD_LIMITS.queries)
    .map((phrase) => {
      const query = phrase.join(' ');
      return { type: 'query', label: query, query, url: searchUrl('pins', query, 'typeahead') };
    });
}

/** Topics whose name, or a word of it, starts with what was typed. Topics are public. */
async function interestItems(deps: Deps, term: string): Promise<Item[]> {
  const rows = await topicsStartingWith(deps.db, term, TYPEAHEAD_LIMITS.interests);
  return rows.map((r) => ({ type: 'interest', id: r.id, label: r.name, url: `/ideas/${r.slug}/${r.id}/` }));
}

async function boardItems(deps: Deps, reader: Reader, words: readonly string[]): Promise<Item[]> {
  const ranked = (await searchBoards(deps, reader, words, 'last', { cap: TYPEAHEAD_CAP, window: TYPEAHEAD_WINDOW })).slice(0, TYPEAHEAD_LIMITS.boards);
  if (ranked.length === 0) return [];
  const rows = await boardLinkRows(
    deps.db,
    ranked.map((r) => r.id),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ranked.flatMap((r) => {
    const b = byId.get(r.id);
    return b ? [{ type: 'board' as const, id: b.id, label: b.name, owner_username: b.username, url: `/${b.username}/${b.slug}/` }] : [];
  });
}

async function userItems(deps: Deps, reader: Reader, words: readonly string[]): Promise<Item[]> {
  const ranked = (await searchUsers(deps, reader, words, 'last', TYPEAHEAD_CAP, TYPEAHEAD_WINDOW)).slice(0, TYPEAHEAD_LIMITS.users);
  const cards = await loadUserCards(
    deps,
    reader,
    ranked.map((r) => r.id),
  );
  return ranked.flatMap((r) => {
    const card = cards.get(r.id);
    if (!card) return [];
    return [
      {
        type: 'user' as const,
        id: card.id,
        label: card.full_name || card.username,
        username: card.username,
        image_small_url: card.image_small_url,
        url: card.profile_url,
      },
    ];
  });
}
