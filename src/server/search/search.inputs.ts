import { z } from 'zod';
import { SEARCH_SCOPES } from '../../shared/constants.ts';
import { SKIN_TONE_RANGES } from '../../shared/skin-tone.ts';
import { lineText } from '../../shared/validation/signup.ts';
import { Bookmark } from '../boards/board.inputs.ts';
import { DEFAULT_REFERRER, DEFAULT_SCOPE, isPinScope } from './search-scopes.ts';
import { RECENT_QUERY_TAGS, type RecentQueryTag } from './recent-searches.ts';

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
