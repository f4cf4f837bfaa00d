import { z } from 'zod';
import { RESTRICTED_DIETS } from '../rich-metadata.ts';

/**
 * What a pin keeps of the web page it was made from (src/server/pins/pin-sources.repo.ts): the
 * attribution (viewer spec section 3, Pin.attribution) and the page's schema.org data, the spec's
 * Pin.richMetadata (src/shared/rich-metadata.ts names the parts). Fields marked optional were added
 * after the first rows were stored: an older row lacks them, and readers take that for "the page
 * said nothing".
 */

export const PriceRange = z.object({ low: z.string(), high: z.string(), currency: z.string().nullable() });

/** Days as schema.org QuantitativeValue gives them (minValue, maxValue); one bound alone is both. */
export const DayRange = z.object({ min: z.number(), max: z.number() });

/** OfferShippingDetails: the rate ("0" is free shipping) and the delivery time in its two parts. */
export const ShippingData = z.object({
  rate: z.string().nullable(),
  currency: z.string().nullable(),
  handling_days: DayRange.nullable(),
  transit_days: DayRange.nullable(),
});

export const ProductVariant = z.object({
  name: z.string().nullable(),
  color: z.string().nullable(),
  size: z.string().nullable(),
  price: z.string().nullable(),
  currency: z.string().nullable(),
  availability: z.string().nullable(),
});

export const ProductData = z.object({
  name: z.string().nullable(),
  brand: z.string().nullable(),
  /** The offer's price, or the low end of a price range. */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  /** The schema.org item availability without its URL prefix: InStock, OutOfStock, PreOrder, ... */
  availability: z.string().nullable(),
  /** An AggregateOffer's lowPrice and highPrice, or the span of the variants' prices. */
  price_range: PriceRange.nullable().optional(),
  shipping: ShippingData.nullable().optional(),
  /** The products of a ProductGroup (hasVariant), in the page's order. */
  variants: z.array(ProductVariant).optional(),
});

export const RecipeData = z.object({
  name: z.string().nullable(),
  /** ISO 8601 durations as the page gives them (PT1H30M). */
  prep_time: z.string().nullable(),
  cook_time: z.string().nullable(),
  total_time: z.string().nullable(),
  yield: z.string().nullable(),
  ingredients: z.array(z.string()),
  rating: z.object({ value: z.number(), count: z.number().nullable() }).nullable(),
  diets: z.array(z.enum(RESTRICTED_DIETS)).optional(),
});

export const PersonRef = z.object({ name: z.string(), url: z.string().nullable() });
export const ArticleData = z.object({ headline: z.string().nullable(), author: PersonRef.nullable(), published_at: z.string().nullable() });

export const RichMetadata = z.object({ product: ProductData.nullable(), recipe: RecipeData.nullable(), article: ArticleData.nullable() });

/** A video the page embeds (og:video), https only. */
export const PageEmbed = z.object({ src: z.string(), type: z.string().nullable(), width: z.number().nullable(), height: z.number().nullable() });
export type PageEmbed = z.infer<typeof PageEmbed>;

/** Viewer spec section 3, Pin.attribution (authorName, authorUrl, ccUrl, providerName, url, embed), in snake case. */
export const PinAttribution = z.object({
  author_name: z.string().nullable(),
  author_url: z.string().nullable(),
  cc_url: z.string().nullable(),
  provider_name: z.string().nullable(),
  /** The page the pin was made from (its canonical address when the page names one). */
  url: z.string(),
  embed: PageEmbed.nullable(),
});
export type PinAttribution = z.infer<typeof PinAttribution>;
