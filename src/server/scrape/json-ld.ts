import type { ArticleData, PersonRef, ProductData, RecipeData } from '../../shared/rich-metadata.ts';
import { cleanLine, cleanList } from './text.ts';

/**
 * The schema.org data a page declares in JSON-LD, as far as pins use it: products (price,
 * availability, brand), recipes (times, yield, ingredients, rating) and articles (author). The
 * input is hostile JSON: every value is checked for its type, lists and texts are bounded, and a
 * block that does not parse is skipped.
 */

export type SchemaData = {
  product: ProductData | null;
  recipe: RecipeData | null;
  article: ArticleData | null;
  /** Image URLs named by these items, unresolved. */
  images: string[];
  /** The author of the first item that names one (recipes and articles). */
  author: PersonRef | null;
};

type Node = Record<string, unknown>;

const MAX_NODES = 500;
const MAX_DEPTH = 8;
const ARTICLE_TYPES = new Set(['article', 'newsarticle', 'blogposting', 'report', 'scholarlyarticle', 'techarticle']);

export function readJsonLd(blocks: readonly string[]): SchemaData {
  const nodes: Node[] = [];
  for (const block of blocks) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(block);
    } catch {
      continue;
    }
    collectNodes(parsed, nodes, 0);
  }
  const product = nodes.find((n) => hasType(n, 'product'));
  const recipe = nodes.find((n) => hasType(n, 'recipe'));
  const article = nodes.find((n) => [...typesOf(n)].some((t) => ARTICLE_TYPES.has(t)));
  const items = [product, recipe, article].filter((n): n is Node => n !== undefined);
  return {
    product: product ? readProduct(product) : null,
    recipe: recipe ? readRecipe(recipe) : null,
    article: article ? readArticle(article) : null,
    images: items.flatMap((n) => imageUrls(n.image)).slice(0, 20),
    author: items.map((n) => personOf(n.author)).find((p) => p !== null) ?? null,
  };
}

/** Top-level objects, arrays of them and `@graph` lists, flattened; bounded in count and depth. */
function collectNodes(value: unknown, into: Node[], depth: number): void {
  if (depth > MAX_DEPTH || into.length >= MAX_NODES) return;
  if (Array.isArray(value)) {
    for (const item of value) collectNodes(item, into, depth + 1);
    return;
  }
  if (!isNode(value)) return;
  into.push(value);
  if (value['@graph'] !== undefined) collectNodes(value['@graph'], into, depth + 1);
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `@type` names lower-cased and without a vocabulary prefix (schema:Product, https://schema.org/Product). */
function typesOf(node: Node): Set<string> {
  const raw = node['@type'];
  const names = Array.isArray(raw) ? raw : [raw];
  return new Set(names.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/:#]/, '').toLowerCase()));
}

function hasType(node: Node, type: string): boolean {
  return typesOf(node).has(type);
}

/** A text value: a string or number, or the first of a list of them. */
function text(value: unknown, max = 300): string | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first === 'number' && Number.isFinite(first)) return String(first);
  if (typeof first !== 'string') return null;
  return cleanLine(first, max) || null;
}

function nameOf(value: unknown): string | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  return isNode(first) ? text(first['name']) : text(first);
}

function readProduct(node: Node): ProductData {
  const offersValue = node['offers'];
  const offer = (Array.isArray(offersValue) ? (offersValue as unknown[]).find(isNode) : offersValue) ?? {};
  const o: Node = isNode(offer) ? offer : {};
  const price = text(o['price'], 40) ?? text(o['lowPrice'], 40);
  const availability = text(o['availability'], 200);
  return {
    name: text(node['name']),
    brand: nameOf(node['brand']),
    price,
    currency: text(o['priceCurrency'], 10)?.toUpperCase() ?? null,
    availability: availability ? availability.replace(/^.*[/:#]/, '') || null : null,
  };
}

function readRecipe(node: Node): RecipeData {
  const ingredients = node['recipeIngredient'] ?? node['ingredients'];
  const rating = node['aggregateRating'];
  return {
    name: text(node['name']),
    prep_time: text(node['prepTime'], 40),
    cook_time: text(node['cookTime'], 40),
    total_time: text(node['totalTime'], 40),
    yield: text(node['recipeYield'], 100),
    ingredients: Array.isArray(ingredients) ? cleanList(ingredients, 100, 300) : [],
    rating: isNode(rating) ? ratingOf(rating) : null,
  };
}

function ratingOf(rating: Node): RecipeData['rating'] {
  const value = Number(text(rating['ratingValue'], 20));
  const count = Number(text(rating['ratingCount'], 20) ?? text(rating['reviewCount'], 20));
  if (!Number.isFinite(value)) return null;
  return { value, count: Number.isInteger(count) && count >= 0 ? count : null };
}

function readArticle(node: Node): ArticleData {
  return { headline: text(node['headline']) ?? text(node['name']), author: personOf(node['author']), published_at: text(node['datePublished'], 40) };
}

function personOf(value: unknown): PersonRef | null {
  const first = Array.isArray(value) ? (value as unknown[])[0] : value;
  if (typeof first === 'string') {
    const name = cleanLine(first, 200);
    return name ? { name, url: null } : null;
  }
  if (!isNode(first)) return null;
  const name = text(first['name'], 200);
  return name ? { name, url: text(first['url'], 2048) } : null;
}

/** `image` as a URL, an ImageObject, or a list of either. */
function imageUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.flatMap((item) => {
    const url = isNode(item) ? (item['url'] ?? item['contentUrl']) : item;
    return typeof url === 'string' ? [url.trim()] : [];
  });
}
