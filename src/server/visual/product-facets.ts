import { z } from 'zod';
import { inStockOf, priceOf } from '../search/documents.ts';
import type { ProductFilters } from '../search/pin-matches.ts';
import { queryTokens, STOP_WORDS } from '../search/search-text.ts';
import type { CategoryFilter, DomainFilter, PriceFilters, ShoppingFilters } from '../../shared/contracts/visual.ts';

/**
 * The shopping side of a visual search: what each product pin among the results sells (read from
 * its source page's schema.org data, as the search index reads it), whether it passes the applied
 * filters, and the filters offered: price ranges, merchant domains and categories (topics whose
 * every word the pin holds, the rule search uses for followed topics). Offers are made from the
 * pins the reader may see and hold no counts.
 */
export type ProductFacts = { price: number | null; currency: string | null; inStock: 0 | 1 | null; domain: string | null; terms: ReadonlySet<string> };

export type Topic = { id: string; name: string; slug: string };

export const NO_SHOPPING_FILTERS: ShoppingFilters = { price_filters: null, domain_filters: [], category_filters: [] };

const Product = z.object({ price: z.string().nullish(), currency: z.string().max(10).nullish(), availability: z.string().nullish() });
const Rich = z.object({ product: Product.nullish() });

/** A product pin's facts, or null when its page declared no product. */
export function productFacts(richMetadata: string | null, domain: string | null, terms: string | null): ProductFacts | null {
  if (richMetadata === null) return null;
  let product: z.infer<typeof Product> | null | undefined;
  try {
    product = Rich.safeParse(JSON.parse(richMetadata)).data?.product;
  } catch {
    return null;
  }
  if (!product) return null;
  return {
    price: priceOf(product.price),
    currency: product.currency ?? null,
    inStock: inStockOf(product.availability),
    domain: domain === null ? null : merchantDomain(domain),
    terms: new Set((terms ?? '').split(' ').filter(Boolean)),
  };
}

export function merchantDomain(domain: string): string {
  return domain.toLowerCase().replace(/^www\./, '');
}

export function topicWords(topic: Pick<Topic, 'name'>): string[] {
  return queryTokens(topic.name).filter((w) => !STOP_WORDS.has(w));
}

function inTopic(facts: ProductFacts, words: readonly string[]): boolean {
  return words.length > 0 && words.every((w) => facts.terms.has(w));
}

/** Whether a product passes the applied filters (a missing price or stock state passes none that ask for it). */
export function passes(facts: ProductFacts, filters: ProductFilters | undefined, category: Topic | null): boolean {
  const f = filters ?? {};
  if (f.price_min !== undefined && (facts.price === null || facts.price < f.price_min)) return false;
  if (f.price_max !== undefined && (facts.price === null || facts.price > f.price_max)) return false;
  if (f.in_stock !== undefined && facts.inStock !== (f.in_stock ? 1 : 0)) return false;
  const domains = (f.domains ?? []).map(merchantDomain);
  if (domains.length > 0 && (facts.domain === null || !domains.includes(facts.domain))) return false;
  return category === null || inTopic(facts, topicWords(category));
}

const PRICE_RANGES = 4;
const DOMAINS_OFFERED = 10;
const CATEGORIES_OFFERED = 8;

export function shoppingFilters(products: readonly ProductFacts[], topics: readonly Topic[]): ShoppingFilters {
  return { price_filters: priceFilters(products), domain_filters: domainFilters(products), category_filters: categoryFilters(products, topics) };
}

/** The prices' span cut at their quartiles, in whole units, without empty or repeated ranges. */
export function priceFilters(products: readonly ProductFacts[]): PriceFilters | null {
  const prices = products.flatMap((p) => (p.price === null ? [] : [p.price])).sort((a, b) => a - b);
  const first = prices[0];
  const last = prices.at(-1);
  if (first === undefined || last === undefined) return null;
  const min = Math.floor(first);
  const max = Math.ceil(last);
  const cuts = [min];
  for (let i = 1; i < PRICE_RANGES; i++) {
    const cut = Math.round(prices[Math.floor((i * prices.length) / PRICE_RANGES)] ?? max);
    if (cut > (cuts.at(-1) ?? min) && cut < max) cuts.push(cut);
  }
  cuts.push(max);
  const ranges = cuts.slice(1).map((to, i) => ({ price_min: cuts[i] ?? min, price_max: to }));
  return {
    min,
    max,
    currency: mostCommon(products.flatMap((p) => (p.currency ? [p.currency] : [])))[0] ?? null,
    ranges: min === max ? [{ price_min: min, price_max: max }] : ranges,
  };
}

export function domainFilters(products: readonly ProductFacts[]): DomainFilter[] {
  return mostCommon(products.flatMap((p) => (p.domain ? [p.domain] : [])))
    .slice(0, DOMAINS_OFFERED)
    .map((domain) => ({ domain }));
}

export function categoryFilters(products: readonly ProductFacts[], topics: readonly Topic[]): CategoryFilter[] {
  const found = topics.flatMap((topic) => {
    const words = topicWords(topic);
    return products.filter((p) => inTopic(p, words)).map(() => topic.id);
  });
  const byId = new Map(topics.map((t) => [t.id, t]));
  return mostCommon(found)
    .slice(0, CATEGORIES_OFFERED)
    .flatMap((id) => {
      const topic = byId.get(id);
      return topic ? [{ id: topic.id, name: topic.name, url: `/ideas/${topic.slug}/${topic.id}/` }] : [];
    });
}

/** Distinct values, most frequent first, ties in order of first appearance. */
function mostCommon(values: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.keys()].sort((a, b) => (counts.get(b) ?? 0) - (counts.get(a) ?? 0));
}
