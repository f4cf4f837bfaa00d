import { RESTRICTED_DIETS, type ArticleData, type PersonRef, type ProductData, type RecipeData, type RestrictedDiet } from '../../shared/rich-metadata.ts';
import { readProduct } from './json-ld-product.ts';
import { enumName, first, hasType, isNode, text, typesOf, type Node, type NodeIndex } from './json-ld-values.ts';
import { cleanLine, cleanList } from './text.ts';

/**
 * The schema.org data a page declares in JSON-LD, as far as pins use it: products (price, price
 * range, availability, brand, shipping, variants), recipes (times, yield, ingredients, diets,
 * rating) and articles (author). The input is hostile JSON: every value is checked for its type,
 * lists and texts are bounded, and a block that does not parse is skipped.
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
  const index = indexById(nodes);
  // A ProductGroup is the product its variants belong to, whichever the page lists first.
  const product = nodes.find((n) => hasType(n, 'productgroup')) ?? nodes.find((n) => hasType(n, 'product'));
  const recipe = nodes.find((n) => hasType(n, 'recipe'));
  const article = nodes.find((n) => [...typesOf(n)].some((t) => ARTICLE_TYPES.has(t)));
  const items = [product, recipe, article].filter((n): n is Node => n !== undefined);
  return {
    product: product ? readProduct(product, index) : null,
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

/** The first item of each `@id`, for references such as `"hasVariant": [{"@id": "#blue"}]`. */
function indexById(nodes: readonly Node[]): NodeIndex {
  const index = new Map<string, Node>();
  for (const node of nodes) {
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length > 1 && !index.has(id)) index.set(id, node);
  }
  return index;
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
    diets: dietsOf(node['suitableForDiet']),
  };
}

/** The RestrictedDiet values named (https://schema.org/VeganDiet, VeganDiet, {"@id": ...}); others are dropped. */
function dietsOf(value: unknown): RestrictedDiet[] {
  const list = Array.isArray(value) ? (value as unknown[]).slice(0, RESTRICTED_DIETS.length * 2) : [value];
  const diets = new Set<RestrictedDiet>();
  for (const item of list) {
    const name = enumName(item)?.toLowerCase();
    const known = RESTRICTED_DIETS.find((diet) => diet.toLowerCase() === name);
    if (known) diets.add(known);
  }
  return [...diets];
}

function ratingOf(rating: Node): RecipeData['rating'] {
  const given = text(rating['ratingValue'], 20);
  const value = given === null ? NaN : Number(given);
  const count = Number(text(rating['ratingCount'], 20) ?? text(rating['reviewCount'], 20) ?? NaN);
  if (!Number.isFinite(value)) return null;
  return { value, count: Number.isInteger(count) && count >= 0 ? count : null };
}

function readArticle(node: Node): ArticleData {
  return { headline: text(node['headline']) ?? text(node['name']), author: personOf(node['author']), published_at: text(node['datePublished'], 40) };
}

function personOf(value: unknown): PersonRef | null {
  const one = first(value);
  if (typeof one === 'string') {
    const name = cleanLine(one, 200);
    return name ? { name, url: null } : null;
  }
  if (!isNode(one)) return null;
  const name = text(one['name'], 200);
  return name ? { name, url: text(one['url'], 2048) } : null;
}

/** `image` as a URL, an ImageObject, or a list of either. */
function imageUrls(value: unknown): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.flatMap((item) => {
    const url = isNode(item) ? (item['url'] ?? item['contentUrl']) : item;
    return typeof url === 'string' ? [url.trim()] : [];
  });
}
