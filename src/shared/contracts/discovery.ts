import { z } from 'zod';
import { lineText } from '../validation/signup.ts';
import { TODAY_KINDS, TODAY_REGIONS } from '../today-paths.ts';
import { Bookmark, Id } from './common.ts';
import { resourceContract } from './contract.ts';
import { PinJson } from './pins.ts';
import { InterestJson } from './social.ts';

/** The options of the discovery and Today resources, checked at the edge (bad input is a 400). */

const Slug = z.string().min(1).max(200);

/** A topic by id or by slug (its page's address names the slug). */
export const TopicOptions = z.union([z.object({ id: Id, bookmark: Bookmark }), z.object({ slug: Slug, bookmark: Bookmark })]);

export const Section = z.enum(['videos', 'shopping']);
export const SectionOptions = z.object({ section: Section, interest_id: Id.optional(), bookmark: Bookmark });
export const CategoriesOptions = z.object({ section: Section });
export const BookmarkOnly = z.object({ bookmark: Bookmark });
export const PinRef = z.object({ pin_id: Id });

export const Region = z.enum(TODAY_REGIONS);
export const TodayOptions = z.object({ region: Region });
export const ArticleRef = z.object({ id: Id });
export const ArticleFeedOptions = z.object({ id: Id, lead_pin_id: Id.optional(), bookmark: Bookmark });

export const TITLE_MAX = 100;
export const ARTICLE_PINS_MAX = 100;
export const QUERY_MAX = 200;

const hasWord = (text: string) => /[\p{L}\p{N}]/u.test(text);

const Title = lineText(TITLE_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(TITLE_MAX, `Titles can be at most ${TITLE_MAX} characters.`))
  .refine(hasWord, 'A title needs a letter or a digit.');

const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.')
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), 'That day does not exist.');

const Query = lineText(QUERY_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(QUERY_MAX))
  .refine(hasWord, 'A search needs a letter or a digit.');

const Kind = z.literal(TODAY_KINDS, { error: 'A kind is 0, 1, 2 or 3.' });

/** Where an article's pins come from: exactly one of its own list, a topic or a search. */
const SourceFields = {
  pin_ids: z.array(Id).min(1).max(ARTICLE_PINS_MAX).optional(),
  interest_id: Id.optional(),
  query: Query.optional(),
};
type SourceChoice = { pin_ids?: string[] | undefined; interest_id?: string | undefined; query?: string | undefined };
const sourcesGiven = (v: SourceChoice) => [v.pin_ids, v.interest_id, v.query].filter((s) => s !== undefined).length;
const ONE_SOURCE = 'Give exactly one of pin_ids, interest_id or query.';

export const ArticleFields = z
  .object({ title: Title, kind: Kind, is_shop: z.boolean().default(false), region: Region, day: Day, cover_pin_id: Id.nullable().optional(), ...SourceFields })
  .refine((v) => sourcesGiven(v) === 1, { message: ONE_SOURCE, path: ['source'] });

export const ArticleChanges = z
  .object({
    id: Id,
    title: Title.optional(),
    kind: Kind.optional(),
    is_shop: z.boolean().optional(),
    cover_pin_id: Id.nullable().optional(),
    position: z.number().int().min(0).max(1000).optional(),
    ...SourceFields,
  })
  .refine((v) => sourcesGiven(v) <= 1, { message: ONE_SOURCE, path: ['source'] });

export const CuratedListOptions = z.object({ region: Region, day: Day });

export const TopicName = lineText(80)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(60, 'Topic names can be at most 60 characters.'))
  .refine(hasWord, 'A topic name needs a letter or a digit.');
export const TopicFields = z.object({ name: TopicName });

export type ArticleFields = z.infer<typeof ArticleFields>;
export type ArticleChanges = z.infer<typeof ArticleChanges>;

// What the discovery and Today resources answer.

/** A topic of the ideas index, with its best pin the reader may see as its cover. */
export const IdeaJson = InterestJson.extend({ cover_pin: PinJson.nullable() });
export type IdeaJson = z.infer<typeof IdeaJson>;

/** A Today article as its card and its page show it (viewer spec section 3, "Explore article"). */
export const TodayArticleJson = z.object({
  type: z.literal('today_article'),
  id: z.string(),
  title: z.string(),
  /** 0 trending ideas, 1 best of, 2 trending searches, 3 editorial (today-paths.ts). */
  kind: z.number(),
  is_shop: z.boolean(),
  region: z.string(),
  day: z.string(),
  /** Curated by an operator, or made from the week's trends. */
  origin: z.enum(['curated', 'trend']),
  /** Its address by the spec's path and slug rules. */
  url: z.string(),
  /** Where its pins come from: its own list, a topic, or a search. */
  source: z.enum(['pins', 'interest', 'search']),
  interest: InterestJson.nullable(),
  query: z.string().nullable(),
  cover_pin: PinJson.nullable(),
});
export type TodayArticleJson = z.infer<typeof TodayArticleJson>;

/** A region's articles of the day. */
export const TodayData = z.object({ region: Region, day: z.string(), articles: z.array(TodayArticleJson) });
export type TodayData = z.infer<typeof TodayData>;

/** An article as the operators' screen lists it, with its own pins. */
export const CuratedArticleJson = TodayArticleJson.extend({ pin_ids: z.array(z.string()) });
export type CuratedArticleJson = z.infer<typeof CuratedArticleJson>;

/** A day's curated articles in order, and the topics to choose from. */
export const CuratedDay = z.object({ articles: z.array(CuratedArticleJson), topics: z.array(z.object({ id: z.string(), name: z.string() })) });
export type CuratedDay = z.infer<typeof CuratedDay>;

const Pins = z.array(PinJson);
const Topics = z.array(InterestJson);

/*
 * The discovery pages' reads (docs/decisions/0024-discovery-pages.md). Each answers from its
 * options and stored content only, so visitors are answered from the visitor cache.
 */

/** TopicFeedResource get {id | slug, bookmark?}: a topic's pins, best first (/topics/:interest, /ideas/:interest/:id). */
export const TopicFeedResource = resourceContract({
  name: 'TopicFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: TopicOptions, output: Pins } },
});

/** DiscoveryFeedResource get {section: videos | shopping, interest_id?, bookmark?}: /videos, /shopping and their categories. */
export const DiscoveryFeedResource = resourceContract({
  name: 'DiscoveryFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: SectionOptions, output: Pins } },
});

/** DiscoveryCategoriesResource get {section}: the topics with videos (or products) the reader may see. */
export const DiscoveryCategoriesResource = resourceContract({
  name: 'DiscoveryCategoriesResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: CategoriesOptions, output: Topics } },
});

/** IdeasResource get {bookmark?}: the ideas index, topics most followed first with a cover pin. */
export const IdeasResource = resourceContract({
  name: 'IdeasResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: BookmarkOnly, output: z.array(IdeaJson) } },
});

/** PinInterestsResource get {pin_id}: the topics a pin belongs to (its related interests). */
export const PinInterestsResource = resourceContract({
  name: 'PinInterestsResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: PinRef, output: Topics } },
});

/**
 * TodayArticlesResource get {region}: {region, day, articles}. The day is read from the clock, so
 * a visitor's cached answer may outlive midnight by the visitor cache's minute at most.
 */
export const TodayArticlesResource = resourceContract({
  name: 'TodayArticlesResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: TodayOptions, output: TodayData } },
});

/** TodayArticleResource get {id}: one article (its page's header). */
export const TodayArticleResource = resourceContract({
  name: 'TodayArticleResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: ArticleRef, output: TodayArticleJson } },
});

/** TodayArticleFeedResource get {id, lead_pin_id?, bookmark?}: an article's pins. */
export const TodayArticleFeedResource = resourceContract({
  name: 'TodayArticleFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: ArticleFeedOptions, output: Pins } },
});

/**
 * TodayArticleAdminResource, operators only (401 for visitors, 403 for other members): get
 * {region, day} the curated articles; create {title, kind, is_shop?, region, day, cover_pin_id?,
 * and one of pin_ids, interest_id, query}; update {id, ...changes, position?}; delete {id}.
 */
export const TodayArticleAdminResource = resourceContract({
  name: 'TodayArticleAdminResource',
  verbs: {
    get: { input: CuratedListOptions, output: CuratedDay },
    create: { input: ArticleFields, output: CuratedArticleJson },
    update: { input: ArticleChanges, output: CuratedArticleJson },
    delete: { input: ArticleRef, output: z.object({ deleted: z.literal(true) }) },
  },
});

/** InterestAdminResource create {name}: operators add topics beyond the demo's. */
export const InterestAdminResource = resourceContract({
  name: 'InterestAdminResource',
  verbs: { create: { input: TopicFields, output: InterestJson } },
});

/** OperatorScreenResource get {}: {operator: true} for operators; the screen is not found (404) for anyone else. */
export const OperatorScreenResource = resourceContract({
  name: 'OperatorScreenResource',
  verbs: { get: { input: z.object({}), output: z.object({ operator: z.literal(true) }) } },
});
