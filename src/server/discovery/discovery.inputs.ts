import { z } from 'zod';
import { Bookmark, Id } from '../boards/board.inputs.ts';
import { lineText } from '../../shared/validation/signup.ts';
import { TODAY_KINDS, TODAY_REGIONS } from '../../shared/today-paths.ts';

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
