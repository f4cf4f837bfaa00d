import { z } from 'zod';
import { resourceContract } from './contract.ts';
import { ArticleData, PinAttribution, ProductData, RecipeData } from './pin-sources.ts';
import { WebUrl } from './pins.ts';

/** An image a page shows that a pin could take; sizes as the page declares them, when it does. */
export const FoundImage = z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable(), alt: z.string() });
export type FoundImage = z.infer<typeof FoundImage>;

/**
 * What the create-pin screen shows for a web address: the images a pin could take (at most 50,
 * best first), the title, description, canonical link, domain, site name and schema.org data to
 * prefill it with, and the attribution the pin would keep.
 */
export const FoundPage = z.object({
  /** Where the page was found, after redirects. */
  url: z.string(),
  canonical_url: z.string(),
  domain: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  site_name: z.string().nullable(),
  product: ProductData.nullable(),
  recipe: RecipeData.nullable(),
  article: ArticleData.nullable(),
  items: z.array(FoundImage),
  attribution: PinAttribution,
});
export type FoundPage = z.infer<typeof FoundPage>;

/**
 * FindPinImagesResource get {url, source?}: the images and metadata of a web page for the
 * create-pin screen (spec: source pin_create or product_tags, up to 50 items). Both sources read
 * the page the same way; `source` says which screen asks.
 */
export const FindPinImagesResource = resourceContract({
  name: 'FindPinImagesResource',
  verbs: {
    get: { input: z.object({ url: WebUrl, source: z.enum(['pin_create', 'product_tags']).default('pin_create') }), output: FoundPage },
  },
});
