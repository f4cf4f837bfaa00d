import { z } from 'zod';
import { ProductFilterOptions } from './search.ts';
import { Bookmark, Id, restAnswer } from './common.ts';
import { resourceContract } from './contract.ts';
import { PinJson } from './pins.ts';

/**
 * The box a member draws over a pin's picture: x, y, w, h as fractions of the picture's width and
 * height (business spec: VisualSearchFlashlightUnifiedResource crop x y w h). A box must lie inside
 * the picture and be at least MIN_CROP of each side: a smaller one holds too few pixels to say
 * what it shows.
 */
export const MIN_CROP = 0.05;
/** Fewer pixels than this a side, and the features would describe noise. */
export const MIN_CROP_PIXELS = 16;
/** Rounding in the client's arithmetic (0.1 + 0.9) may overshoot an edge by this much. */
const EDGE_SLACK = 1e-9;

export type Crop = { x: number; y: number; w: number; h: number };

export const WHOLE_PICTURE: Crop = { x: 0, y: 0, w: 1, h: 1 };

const Fraction = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const Side = z.number().min(MIN_CROP, `must be at least ${MIN_CROP} of the picture`).max(1, 'must be between 0 and 1');

export const CropOptions = z
  .strictObject({ x: Fraction, y: Fraction, w: Side, h: Side })
  .refine((c) => c.x + c.w <= 1 + EDGE_SLACK, { message: 'The box must lie inside the picture (x + w at most 1).', path: ['w'] })
  .refine((c) => c.y + c.h <= 1 + EDGE_SLACK, { message: 'The box must lie inside the picture (y + h at most 1).', path: ['h'] });

/**
 * VisualSearchFlashlightUnifiedResource get (business spec: pin_id, crop x y w h, is_shopping):
 * a pin and a box over its picture (the whole picture when no box is drawn), or `query_features`,
 * the token a search by image answered. Shopping searches take the search page's product filters
 * (appliedProductFilters) and a category, a topic id from category_filters.
 */
export const VisualSearchOptions = z
  .object({
    pin_id: Id.optional(),
    crop: CropOptions.default(WHOLE_PICTURE),
    query_features: z.string().max(200).optional(),
    is_shopping: z.boolean().default(false),
    bookmark: Bookmark,
    appliedProductFilters: ProductFilterOptions.optional(),
    category_id: Id.optional(),
  })
  .refine((o) => (o.pin_id === undefined) !== (o.query_features === undefined), {
    message: 'Give a pin_id (with a crop) or the query_features of a search by image.',
    path: ['pin_id'],
  });

export type VisualSearchOptions = z.infer<typeof VisualSearchOptions>;

/** The fields a search by image may send beside its file. */
export const ImageSearchFields = z.object({
  is_shopping: z
    .enum(['true', 'false', ''])
    .transform((v) => v === 'true')
    .default(false),
});

// What a visual search answers: the nearest pins the reader may see and, shopping, the filters offered.

export const PriceRange = z.object({ price_min: z.number(), price_max: z.number() });
export type PriceRange = z.infer<typeof PriceRange>;
/** The prices' span cut at their quartiles, in whole units, in the most common currency. */
export const PriceFilters = z.object({ min: z.number(), max: z.number(), currency: z.string().nullable(), ranges: z.array(PriceRange) });
export type PriceFilters = z.infer<typeof PriceFilters>;
export const DomainFilter = z.object({ domain: z.string() });
export type DomainFilter = z.infer<typeof DomainFilter>;
/** A topic the products belong to, by its page. */
export const CategoryFilter = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type CategoryFilter = z.infer<typeof CategoryFilter>;
export const ShoppingFilters = z.object({
  price_filters: PriceFilters.nullable(),
  domain_filters: z.array(DomainFilter),
  category_filters: z.array(CategoryFilter),
});
export type ShoppingFilters = z.infer<typeof ShoppingFilters>;

export const VisualSearchAnswer = ShoppingFilters.extend({
  results: z.array(PinJson),
  /** The query as a token: a search by image continues (and is linked to) with it. */
  query_features: z.string(),
});
export type VisualSearchAnswer = z.infer<typeof VisualSearchAnswer>;

/**
 * VisualSearchFlashlightUnifiedResource get {pin_id, crop?: {x, y, w, h}, is_shopping?,
 * appliedProductFilters?, category_id?, bookmark?} or {query_features, ...}: the nearest pins,
 * the shopping filters on a shopping search's first page, and the next bookmark. Not kept for
 * visitors: the index follows commits a moment after them (decision 0023).
 */
export const VisualSearchFlashlightUnifiedResource = resourceContract({
  name: 'VisualSearchFlashlightUnifiedResource',
  verbs: { get: { input: VisualSearchOptions, output: VisualSearchAnswer } },
});

/**
 * POST /v3/visual_search/image/ (multipart/form-data: is_shopping, then one file; nothing is
 * stored): the first page of a search by that picture, with its bookmark.
 */
export const ImageSearchRoute = {
  consumes: ['multipart/form-data'],
  response: { 200: restAnswer(VisualSearchAnswer.extend({ bookmark: z.string() })) },
};
