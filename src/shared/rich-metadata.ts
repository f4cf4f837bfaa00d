/**
 * Pin.richMetadata (viewer spec section 3): what a pin's source page declared of its product,
 * recipe or article in schema.org JSON-LD (read by src/server/scrape/json-ld.ts, shown by the
 * pin page and its search-engine data).
 *
 * Stored as JSON in pin_sources.rich_metadata. Fields marked optional were added after the first
 * rows were written: a row read from before then lacks them, and readers take a missing field for
 * "the page said nothing" (no migration rewrites old rows).
 */
export type ProductData = {
  name: string | null;
  brand: string | null;
  /** The offer's price, or the low end of a price range. */
  price: string | null;
  currency: string | null;
  /** The schema.org item availability without its URL prefix: InStock, OutOfStock, PreOrder, ... */
  availability: string | null;
  /** An AggregateOffer's lowPrice and highPrice, or the span of the variants' prices. */
  price_range?: PriceRange | null;
  shipping?: ShippingData | null;
  /** The products of a ProductGroup (hasVariant), in the page's order. */
  variants?: ProductVariant[];
};

export type PriceRange = { low: string; high: string; currency: string | null };

/** Days as schema.org QuantitativeValue gives them (minValue, maxValue); one bound alone is both. */
export type DayRange = { min: number; max: number };

/** OfferShippingDetails: the rate ("0" is free shipping) and the delivery time in its two parts. */
export type ShippingData = {
  rate: string | null;
  currency: string | null;
  handling_days: DayRange | null;
  transit_days: DayRange | null;
};

export type ProductVariant = {
  name: string | null;
  color: string | null;
  size: string | null;
  price: string | null;
  currency: string | null;
  availability: string | null;
};

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

export type RecipeData = {
  name: string | null;
  /** ISO 8601 durations as the page gives them (PT1H30M). */
  prep_time: string | null;
  cook_time: string | null;
  total_time: string | null;
  yield: string | null;
  ingredients: string[];
  rating: { value: number; count: number | null } | null;
  diets?: RestrictedDiet[];
};

export type PersonRef = { name: string; url: string | null };
export type ArticleData = { headline: string | null; author: PersonRef | null; published_at: string | null };

export type RichMetadata = { product: ProductData | null; recipe: RecipeData | null; article: ArticleData | null };
