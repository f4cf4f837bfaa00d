import { domainOf } from '../pins/pin-domain.ts';
import { readHtml, type RawPage } from '../outbound/html-reader.ts';
import type { ArticleData, PersonRef, ProductData, RecipeData } from '../../shared/rich-metadata.ts';
import { readJsonLd } from './json-ld.ts';
import type { PageEmbed } from '../../shared/contracts/pin-sources.ts';
import type { FoundImage } from '../../shared/contracts/scrape.ts';
import { cleanLine } from './text.ts';

/** Spec section 9: image search results for pin creation are capped at 50. */
export const MAX_FOUND_IMAGES = 50;

/** Images declared smaller than this on either side are icons, spacers and buttons, not pins. */
const MIN_SIDE = 100;

/** What a pin made from a page keeps of it: Open Graph, Twitter cards, the canonical link, schema.org. */
export type PageMetadata = {
  /** Where the page was found, after redirects. */
  url: string;
  canonical_url: string;
  domain: string | null;
  title: string;
  description: string;
  site_name: string | null;
  images: FoundImage[];
  author: PersonRef | null;
  /** A Creative Commons licence the page declares (`<link rel="license">`): the spec's ccUrl. */
  license_url: string | null;
  embed: PageEmbed | null;
  product: ProductData | null;
  recipe: RecipeData | null;
  article: ArticleData | null;
};

/** Reads a page fetched from `pageUrl`; relative addresses resolve against its `<base>` or itself. */
export function readPageMetadata(html: string, pageUrl: URL): PageMetadata {
  const raw = readHtml(html);
  const base = absoluteUrl(raw.baseHref ?? '', pageUrl) ?? pageUrl;
  const meta = (...keys: string[]) => firstMeta(raw, keys);
  const schema = readJsonLd(raw.jsonLd);
  const canonical = absoluteUrl(linkHref(raw, 'canonical') ?? '', base) ?? absoluteUrl(meta('og:url') ?? '', base) ?? pageUrl;
  const schemaName = schema.product?.name ?? schema.recipe?.name ?? schema.article?.headline ?? null;
  return {
    url: pageUrl.href,
    canonical_url: canonical.href,
    domain: domainOf(canonical.href),
    title: cleanLine(meta('og:title', 'twitter:title') ?? schemaName ?? raw.title, 300),
    description: cleanLine(meta('og:description', 'twitter:description', 'description') ?? '', 1000),
    site_name: cleanLine(meta('og:site_name', 'application-name') ?? '', 200) || null,
    images: findImages(raw, base, schema.images),
    author: schema.author ?? authorFromMeta(meta('author', 'article:author'), base),
    license_url: licenseOf(raw, base),
    embed: embedOf(raw, base),
    product: schema.product,
    recipe: schema.recipe,
    article: schema.article,
  };
}

function firstMeta(raw: RawPage, keys: string[]): string | null {
  for (const key of keys) {
    const found = raw.metas.find((m) => m.key === key && m.content.trim() !== '');
    if (found) return found.content;
  }
  return null;
}

function linkHref(raw: RawPage, rel: string): string | null {
  return raw.links.find((l) => l.rel === rel)?.href ?? null;
}

/** An absolute http(s) address, or null for anything else (javascript:, data:, garbage). */
export function absoluteUrl(value: string, base: URL): URL | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  try {
    const url = new URL(trimmed, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href.length <= 2048 ? url : null;
  } catch {
    return null;
  }
}

function authorFromMeta(value: string | null, base: URL): PersonRef | null {
  if (!value) return null;
  const url = /^https?:\/\//i.test(value.trim()) ? absoluteUrl(value, base) : null;
  if (url) return { name: cleanLine(url.hostname + url.pathname, 200), url: url.href };
  const name = cleanLine(value, 200);
  return name ? { name, url: null } : null;
}

function licenseOf(raw: RawPage, base: URL): string | null {
  const url = absoluteUrl(linkHref(raw, 'license') ?? '', base);
  return url && /(^|\.)creativecommons\.org$/.test(url.hostname) ? url.href : null;
}

function embedOf(raw: RawPage, base: URL): PageEmbed | null {
  const src = absoluteUrl(firstMeta(raw, ['og:video:secure_url', 'og:video:url', 'og:video']) ?? '', base);
  if (!src || src.protocol !== 'https:') return null;
  const size = (key: string) => positive(firstMeta(raw, [key]));
  return {
    src: src.href,
    type: cleanLine(firstMeta(raw, ['og:video:type']) ?? '', 100) || null,
    width: size('og:video:width'),
    height: size('og:video:height'),
  };
}

function positive(value: string | null | undefined): number | null {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : null;
}

/**
 * The images a member may pick for a pin, best first: Open Graph images (with their declared
 * size and alt text), Twitter card images, `<link rel="image_src">`, the schema.org items' images,
 * then `<img>` in document order (the largest `srcset` candidate). Deduplicated, at most 50.
 */
function findImages(raw: RawPage, base: URL, schemaImages: string[]): FoundImage[] {
  const found = new Map<string, FoundImage>();
  const add = (value: string, width: number | null, height: number | null, alt: string) => {
    const url = absoluteUrl(value, base);
    if (!url || found.size >= MAX_FOUND_IMAGES || found.has(url.href) || url.pathname.toLowerCase().endsWith('.svg')) return;
    if ((width !== null && width < MIN_SIDE) || (height !== null && height < MIN_SIDE)) return;
    found.set(url.href, { url: url.href, width, height, alt: cleanLine(alt, 500) });
  };
  for (const og of openGraphImages(raw)) add(og.url, og.width, og.height, og.alt);
  for (const m of raw.metas) if (m.key === 'twitter:image' || m.key === 'twitter:image:src') add(m.content, null, null, '');
  for (const l of raw.links) if (l.rel === 'image_src') add(l.href, null, null, '');
  for (const s of schemaImages) add(s, null, null, '');
  for (const img of raw.images) add(largestCandidate(img.srcset) ?? img.src, img.width, img.height, img.alt);
  return [...found.values()];
}

/** `og:image` starts an image; the `og:image:*` properties after it describe that image. */
function openGraphImages(raw: RawPage): { url: string; width: number | null; height: number | null; alt: string }[] {
  const images: { url: string; width: number | null; height: number | null; alt: string }[] = [];
  for (const { key, content } of raw.metas) {
    const current = images.at(-1);
    if (key === 'og:image' || (key === 'og:image:url' && !current)) images.push({ url: content, width: null, height: null, alt: '' });
    else if (!current) continue;
    else if (key === 'og:image:secure_url' || key === 'og:image:url') current.url = content;
    else if (key === 'og:image:width') current.width = positive(content);
    else if (key === 'og:image:height') current.height = positive(content);
    else if (key === 'og:image:alt') current.alt = content;
  }
  return images;
}

/** The widest (`300w`) or densest (`2x`) candidate of a srcset. */
function largestCandidate(srcset: string): string | null {
  let best: { url: string; score: number } | null = null;
  for (const candidate of srcset.split(/,\s+/)) {
    const [url, descriptor = '1x'] = candidate.trim().split(/\s+/);
    if (!url) continue;
    const score = Number.parseFloat(descriptor) * (descriptor.endsWith('w') ? 1 : 1000);
    if (Number.isFinite(score) && (!best || score > best.score)) best = { url, score };
  }
  return best?.url ?? null;
}
