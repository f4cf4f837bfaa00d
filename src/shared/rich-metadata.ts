import type { z } from 'zod';
import type * as contract from './contracts/pin-sources.ts';

/**
 * Pin.richMetadata (viewer spec section 3): what a pin's source page declared of its product,
 * recipe or article in schema.org JSON-LD (read by src/server/scrape/json-ld.ts, shown by the
 * pin page and its search-engine data).
 *
 * Stored as JSON in pin_sources.rich_metadata; the shapes are declared once, with zod, in
 * src/shared/contracts/pin-sources.ts (no migration rewrites old rows, so some fields are optional).
 */

/** schema.org RestrictedDiet, the values suitableForDiet may name. */
export const RESTRICTED_DIETS = [
  'DiabeticDiet',
  'GlutenFreeDiet',
  'HalalDiet',
  'HinduDiet',
  'KosherDiet',
  'LowCalorieDiet',
  'LowFatDiet',
  'LowLactoseDiet',
  'LowSaltDiet',
  'VeganDiet',
  'VegetarianDiet',
] as const;
export type RestrictedDiet = (typeof RESTRICTED_DIETS)[number];

export type ProductData = z.infer<typeof contract.ProductData>;
export type PriceRange = z.infer<typeof contract.PriceRange>;
export type DayRange = z.infer<typeof contract.DayRange>;
export type ShippingData = z.infer<typeof contract.ShippingData>;
export type ProductVariant = z.infer<typeof contract.ProductVariant>;
export type RecipeData = z.infer<typeof contract.RecipeData>;
export type PersonRef = z.infer<typeof contract.PersonRef>;
export type ArticleData = z.infer<typeof contract.ArticleData>;
export type RichMetadata = z.infer<typeof contract.RichMetadata>;
