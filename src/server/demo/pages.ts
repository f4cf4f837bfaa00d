import type { PageMetadata } from '../scrape/page-metadata.ts';
import type { ProductData, RecipeData } from '../../shared/rich-metadata.ts';
import type { Random } from './random.ts';
import type { SubjectSlug } from './subjects.ts';

/**
 * What the fictional shops and blogs of the demo world say about a pin's page, as a real page's
 * schema.org data would: products for the subjects people shop (so the shopping page, its
 * categories, product filters and shopping visual search have something to show), recipes for
 * the desserts. Recorded as the pin's source page, as a pin made from that page would be.
 */
export type DemoPage = { product: ProductData | null; recipe: RecipeData | null };

type Shop = { share: number; brands: readonly string[]; price: readonly [low: number, high: number]; sizes?: readonly string[] };

const SHOPS: Partial<Record<SubjectSlug, Shop>> = {
  interiors: { share: 0.5, brands: ['Nest & Nook', 'Loft Living', 'Hygge House'], price: [19, 640] },
  fashion: { share: 0.5, brands: ['Thread Theory', 'Linen Lane', 'North Atelier'], price: [24, 220], sizes: ['S', 'M', 'L'] },
  beauty: { share: 0.5, brands: ['Glow Lab', 'Petal & Pine', 'Dewdrop'], price: [9, 68] },
  coffee: { share: 0.3, brands: ['Roast Republic', 'Slow Drip Co.'], price: [12, 180] },
};

const AVAILABILITY = [
  { value: 'InStock', weight: 0.8 },
  { value: 'OutOfStock', weight: 0.1 },
  { value: 'PreOrder', weight: 0.1 },
] as const;

/** Dessert recipes: ingredients as a recipe card lists them, a few of which every cake shares. */
const RECIPE_SHARE = 0.6;
const BASICS = ['200 g plain flour', '150 g caster sugar', '3 large eggs', '125 g unsalted butter, softened', '1 tsp baking powder', '1 tsp vanilla extract'];
const EXTRAS = [
  '100 g dark chocolate, chopped',
  '250 g strawberries, halved',
  '200 ml double cream',
  '2 tbsp cocoa powder',
  'Zest of 1 lemon',
  '50 g ground almonds',
  '150 g cream cheese',
  '2 tbsp milk',
];

/** The page behind a pin with a link, if its shop or blog says more than a title; null otherwise. */
export function planPage(random: Random, subject: SubjectSlug, title: string, link: string | null): DemoPage | null {
  if (link === null) return null;
  const shop = SHOPS[subject];
  if (shop && random.chance(shop.share)) return { product: productOf(random, shop, title), recipe: null };
  if (subject === 'desserts' && random.chance(RECIPE_SHARE)) return { product: null, recipe: recipeOf(random, title) };
  return null;
}

/** The page as the scraper would have read it from the shop or blog at `link`. */
export function pageMetadataOf(page: DemoPage, pin: { title: string; description: string }, link: string): PageMetadata {
  const domain = new URL(link).hostname;
  return {
    url: link,
    canonical_url: link,
    domain,
    title: pin.title,
    description: pin.description,
    site_name: domain,
    images: [],
    author: null,
    license_url: null,
    embed: null,
    product: page.product,
    recipe: page.recipe,
    article: null,
  };
}

function productOf(random: Random, shop: Shop, title: string): ProductData {
  const [low, high] = shop.price;
  const price = money(low + (high - low) * random.between(0, 1) ** 2);
  const availability = random.weighted(AVAILABILITY, (a) => a.weight).value;
  const freeShipping = random.chance(0.4);
  return {
    name: title,
    brand: random.pick(shop.brands),
    price,
    currency: 'USD',
    availability,
    shipping: {
      rate: freeShipping ? '0' : money(random.between(3, 12)),
      currency: 'USD',
      handling_days: { min: 0, max: 1 },
      transit_days: { min: 2, max: random.int(3, 7) },
    },
    variants: (shop.sizes ?? []).map((size) => ({ name: `${title}, ${size}`, color: null, size, price, currency: 'USD', availability })),
  };
}

function recipeOf(random: Random, title: string): RecipeData {
  const prep = 5 * random.int(2, 6);
  const cook = 5 * random.int(3, 12);
  return {
    name: title,
    prep_time: `PT${String(prep)}M`,
    cook_time: `PT${String(cook)}M`,
    total_time: duration(prep + cook),
    yield: `${String(random.int(6, 12))} servings`,
    ingredients: [...BASICS, ...random.shuffle(EXTRAS).slice(0, random.int(1, 3))],
    rating: { value: Math.round(random.between(3.8, 5) * 10) / 10, count: random.int(8, 420) },
    diets: random.chance(0.7) ? ['VegetarianDiet'] : [],
  };
}

function money(amount: number): string {
  return amount.toFixed(2);
}

/** ISO 8601, as schema.org pages give durations: PT1H15M. */
function duration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours > 0 ? `${String(hours)}H` : ''}${rest > 0 ? `${String(rest)}M` : ''}`;
}
