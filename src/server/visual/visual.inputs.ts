import { z } from 'zod';
import { Bookmark, Id } from '../boards/board.inputs.ts';
import { ProductFilterOptions } from '../search/search.inputs.ts';
import { CropOptions, WHOLE_PICTURE } from './crop.ts';

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
