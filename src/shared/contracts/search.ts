import { z } from 'zod';
import { SEARCH_SCOPES, type SearchScope } from '../constants.ts';
import { SKIN_TONE_RANGES } from '../skin-tone.ts';
import { lineText } from '../validation/signup.ts';
import { DEFAULT_REFERRER, DEFAULT_SCOPE, isPinScope, TAB_SCOPES } from '../search-scopes.ts';
import { BoardJson } from './boards.ts';
import { Bookmark } from './common.ts';
import { resourceContract } from './contract.ts';
import { PinJson } from './pins.ts';
import { UserCard } from './user-cards.ts';

/**
 * The options of the search resources (viewer spec section 6, business spec section 6), checked at
 * the edge. Options the spec names that have no effect here yet are still checked for their shape
 * and then ignored: article, corpus, customized_rerank_type, filters, applied_filters,
 * guided_search_query, query_pin_sigs (visual search), redux_normalize_feed, source_id.
 */
export const QUERY_MAX = 200;

export const SearchQuery = lineText(QUERY_MAX + 100)
  .transform((q) => q.trim())
  .pipe(z.string().min(1, 'Required').max(QUERY_MAX, `Searches can be at most ${QUERY_MAX} characters.`));

/** The web client sends flags as booleans; older clients as "true" / "false" / "". */
const Flag = z.union([z.boolean(), z.enum(['true', 'false', '']).transform((v) => v === 'true')]);
const Token = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'Invalid value.');
const FilterText = lineText(1000);
const Price = z.number().min(0).max(1e9);

export const ProductFilterOptions = z
  .object({
    price_min: Price.optional(),
    price_max: Price.optional(),
    domains: z
      .array(
        z
          .string()
          .min(1)
          .max(253)
          .regex(/^[A-Za-z0-9.-]+$/, 'Invalid domain.'),
      )
      .max(20)
      .optional(),
    in_stock: z.boolean().optional(),
  })
  .refine((f) => f.price_min === undefined || f.price_max === undefined || f.price_min <= f.price_max, 'price_min must not exceed price_max.');

export const SearchOptions = z
  .object({
    query: SearchQuery,
    scope: z.enum(SEARCH_SCOPES).default(DEFAULT_SCOPE),
    bookmark: Bookmark,
    rs: Token.default(DEFAULT_REFERRER),
    auto_correction_disabled: Flag.default(false),
    appliedProductFilters: ProductFilterOptions.optional(),
    /** A profile's username: only the pins that member saved (the profile's own search). */
    user: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_.-]+$/, 'Not found.')
      .optional(),
    article: Token.optional(),
    corpus: Token.optional(),
    customized_rerank_type: Token.optional(),
    filters: FilterText.optional(),
    applied_filters: z.union([FilterText, z.array(FilterText).max(20)]).optional(),
    guided_search_query: lineText(QUERY_MAX + 100).optional(),
    query_pin_sigs: z
      .array(z.string().regex(/^[0-9a-f]{32}$/, 'Invalid image signature.'))
      .max(20)
      .optional(),
    redux_normalize_feed: Flag.optional(),
    source_id: lineText(200).optional(),
    /** Only pins whose pictures show skin of this range (docs/decisions/0028-skin-tone-filters.md). */
    skin_tone: z.enum(SKIN_TONE_RANGES, { error: `Choose a skin tone range: ${SKIN_TONE_RANGES.join(', ')}.` }).optional(),
  })
  .refine((o) => o.skin_tone === undefined || isPinScope(o.scope), {
    message: 'Only searches for pins can be narrowed by skin tone range.',
    path: ['skin_tone'],
  });
export type SearchOptions = z.infer<typeof SearchOptions>;

/**
 * The tags of AdvancedTypeaheadResource's recent_queries_tags, by the scopes they cover; the last
 * one is ours, for the recent personal searches.
 */
export const RECENT_QUERY_TAGS = {
  recent_pin_searches: ['pins', 'buyable_pins', 'videos', 'idea_pins'],
  recent_board_searches: ['boards'],
  recent_user_searches: ['users'],
  recent_personal_searches: ['my_pins'],
} as const satisfies Record<string, readonly SearchScope[]>;

export type RecentQueryTag = keyof typeof RECENT_QUERY_TAGS;

export const SearchTabOptions = z.object({ query: SearchQuery, scope: z.enum(SEARCH_SCOPES).default(DEFAULT_SCOPE) });

const TAGS = Object.keys(RECENT_QUERY_TAGS) as [RecentQueryTag, ...RecentQueryTag[]];
const Tag = z.enum(TAGS);

/** recent_queries_tags as the web client sends it: comma-separated ("recent_pin_searches,recent_user_searches") or a list. */
const RecentQueryTags = z.union([
  z
    .string()
    .max(500)
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    )
    .pipe(z.array(Tag)),
  z.array(Tag).max(10),
]);

export const TypeaheadOptions = z.object({
  term: lineText(QUERY_MAX + 100)
    .transform((t) => t.trim())
    .pipe(z.string().max(QUERY_MAX))
    .default(''),
  recent_queries_tags: RecentQueryTags.optional(),
});

/** AdvancedTypeaheadResource delete: one recent search, or all of them. */
export const RecentRemoval = z
  .object({ term: SearchQuery.optional(), clear_all: z.literal(true).optional() })
  .refine((o) => o.term !== undefined || o.clear_all === true, { message: 'Required', path: ['term'] });

// What the search resources answer.

/** A guide: a word that often comes with the query among its best results, offered to narrow it. */
export const SearchGuide = z.object({ term: z.string(), display: z.string(), query: z.string(), url: z.string(), position: z.number() });
export type SearchGuide = z.infer<typeof SearchGuide>;

/** The spelling correction a search made when the words as typed found nothing the viewer may see. */
export const SearchTypo = z.object({ original_query: z.string(), corrected_query: z.string(), auto_corrected: z.literal(true) });
export type SearchTypo = z.infer<typeof SearchTypo>;

/** One tab of the search page (viewer spec section 9). */
export const SearchTab = z.object({ name: z.enum(TAB_SCOPES), tab_index: z.number(), scope_id: z.number(), url: z.string(), is_selected: z.boolean() });
export type SearchTab = z.infer<typeof SearchTab>;

/** A result: a pin for the pin scopes, a board, or a member. */
export const SearchResult = z.union([PinJson, BoardJson, UserCard]);
export type SearchResult = z.infer<typeof SearchResult>;

/** One page of a search: the results in ranked order, with the page's tabs, and guides and a correction on the first page. */
export const SearchAnswer = z.object({
  query: z.string(),
  scope: z.enum(SEARCH_SCOPES),
  scope_id: z.number().nullable(),
  results: z.array(SearchResult),
  guides: z.array(SearchGuide),
  typo: SearchTypo.nullable(),
  tabs: z.array(SearchTab),
  /** The search is about beauty or fashion: the page offers the skin tone ranges (first page only, as guides). */
  show_skin_tone_filters: z.boolean(),
});
export type SearchAnswer = z.infer<typeof SearchAnswer>;

const Suggestion = { label: z.string(), url: z.string(), resultIndex: z.number() };

/** What the header's search field offers while a member types: recent searches, completed queries, topics, boards, people. */
export const TypeaheadItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('recent_query'), query: z.string(), scope: z.string(), ...Suggestion }),
  z.object({ type: z.literal('query'), query: z.string(), ...Suggestion }),
  z.object({ type: z.literal('interest'), id: z.string(), ...Suggestion }),
  z.object({ type: z.literal('board'), id: z.string(), owner_username: z.string(), ...Suggestion }),
  z.object({ type: z.literal('user'), id: z.string(), username: z.string(), image_small_url: z.string().nullable(), ...Suggestion }),
]);
export type TypeaheadItem = z.infer<typeof TypeaheadItem>;

/**
 * BaseSearchResource get {query, scope?, bookmark?, auto_correction_disabled?, appliedProductFilters?,
 * skin_tone?, user?, rs?, ...}: a page of results and the next bookmark. A member's first page is
 * remembered as a recent search. Answers every visitor alike.
 */
export const BaseSearchResource = resourceContract({
  name: 'BaseSearchResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: SearchOptions, output: SearchAnswer } },
});

/** SearchResource: the same search under the other name the spec gives it. */
export const SearchResource = resourceContract({
  name: 'SearchResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: SearchOptions, output: SearchAnswer } },
});

/** SearchTabResource get {query, scope?}: the search page's tabs (pins, products, videos, boards, people). */
export const SearchTabResource = resourceContract({
  name: 'SearchTabResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: SearchTabOptions, output: z.object({ tabs: z.array(SearchTab) }) } },
});

/**
 * AdvancedTypeaheadResource get {term, recent_queries_tags?}: {items}. delete {term} removes one of
 * the caller's recent searches (compared trimmed and ignoring case), delete {clear_all: true} all;
 * it answers whether one was removed.
 */
export const AdvancedTypeaheadResource = resourceContract({
  name: 'AdvancedTypeaheadResource',
  sameForEveryVisitor: true,
  verbs: {
    get: { input: TypeaheadOptions, output: z.object({ items: z.array(TypeaheadItem) }) },
    delete: { input: RecentRemoval, output: z.object({ removed: z.boolean() }) },
  },
});
