/**
 * Pin.richMetadata (viewer spec section 3): what a pin's source page declared of its product,
 * recipe or article in schema.org JSON-LD (read by src/server/scrape/json-ld.ts, shown by the
 * pin page and its search-engine data).
 */
export type ProductData = {
  name: string | null;
  brand: string | null;
  price: string | null;
  currency: string | null;
  /** The schema.org item availability without its URL prefix: InStock, OutOfStock, PreOrder, ... */
  availability: string | null;
};

export type RecipeData = {
  name: string | null;
  /** ISO 8601 durations as the page gives them (PT1H30M). */
  prep_time: string | null;
  cook_time: string | null;
  total_time: string | null;
  yield: string | null;
  ingredients: string[];
  rating: { value: number; count: number | null } | null;
};

export type PersonRef = { name: string; url: string | null };
export type ArticleData = { headline: string | null; author: PersonRef | null; published_at: string | null };

export type RichMetadata = { product: ProductData | null; recipe: RecipeData | null; article: ArticleData | null };
