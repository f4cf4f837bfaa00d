import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { presentPins } from '../pins/pins.present.ts';
import type { ProductFilters } from '../search/pin-matches.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import { PRODUCT, queryOf, type Query } from './feature-table.ts';
import type { Neighbour } from './top-k.ts';
import { NO_SHOPPING_FILTERS, passes, shoppingFilters, type Topic } from './product-facets.ts';
import { featuresOfCrop } from './query-features.ts';
import { visibleCandidates, type Candidate } from './visible-candidates.ts';
import { decodeVisualBookmark, encodeVisualBookmark, featuresOfToken, featuresToken } from './visual-bookmark.ts';
import type { VisualIndex } from './visual-index.ts';
import type { Crop, ShoppingFilters, VisualSearchAnswer, VisualSearchOptions } from '../../shared/contracts/visual.ts';
import { mediaOfCrop, mostFollowedTopics, topicById } from './visual-search.repo.ts';

/** Results per page, as the other grids of pins. */
export const VISUAL_PAGE_SIZE = 25;
/** Nearest pins checked for the reader at once: a page and some to spare for those filtered out. */
const CHECK_AT_ONCE = 60;
/** Scans one request may make filling a page; past them the page ends short, with a bookmark. */
const SCANS_MAX = 8;
/** The shopping filters offered come from this many of the nearest products the reader may see. */
const FACET_WINDOW = 100;
const TOPICS_MAX = 500;

export type VisualSearchData = VisualSearchAnswer;

export type VisualQuery = {
  features: Buffer;
  /** The pin searched from, never among its own results. */
  exclude: string | null;
  shopping: boolean;
  filters: ProductFilters | undefined;
  categoryId: string | undefined;
};

/**
 * VisualSearchFlashlightUnifiedResource get: the pins whose pictures are nearest to a box drawn
 * over a pin (or to a picture searched with), nearest first, so near-duplicates lead; only what
 * the reader may see; 25 a page. Shopping searches only products, with the applied filters, and
 * the first page offers price, domain and category filters.
 */
export async function visualSearch(deps: Deps, actor: Actor, options: VisualSearchOptions): Promise<{ data: VisualSearchData; bookmark: string }> {
  const reader = readerOf(actor);
  const cursor = decodeVisualBookmark(options.bookmark);
  const pin = options.pin_id === undefined ? null : await findVisiblePin(deps.db, reader, options.pin_id);
  if (cursor === 'end') return { data: { results: [], ...NO_SHOPPING_FILTERS, query_features: options.query_features ?? '' }, bookmark: FEED_END };
  const features = cursor?.features ?? (pin ? await cropFeatures(deps, pin.media_id, options.crop) : tokenFeatures(options.query_features));
  const query: VisualQuery = {
    features,
    exclude: pin?.id ?? null,
    shopping: options.is_shopping,
    filters: options.appliedProductFilters,
    categoryId: options.category_id,
  };
  return searchByFeatures(deps, reader, query, cursor?.last ?? null);
}

/** One page of results for query features (the image search's first page comes straight here). */
export async function searchByFeatures(
  deps: Deps,
  reader: Reader,
  query: VisualQuery,
  after: Neighbour | null,
): Promise<{ data: VisualSearchData; bookmark: string }> {
  const index = await readyIndex(deps);
  const category = query.categoryId === undefined ? null : await topicOf(deps, query.categoryId);
  const keep = (c: Candidate) => !query.shopping || (c.product !== null && passes(c.product, query.filters, category));
  const page = await nearestVisible(deps, reader, index, query, after, VISUAL_PAGE_SIZE, keep);
  const filters = query.shopping && after === null ? await offeredFilters(deps, reader, index, query) : NO_SHOPPING_FILTERS;
  const results = await presentPins(
    deps,
    reader,
    page.shown.map((c) => ({ pin: c.pin })),
  );
  const bookmark = page.last ? encodeVisualBookmark({ features: query.features, last: page.last }) : FEED_END;
  return { data: { results, ...filters, query_features: featuresToken(query.features) }, bookmark };
}

async function readyIndex(deps: Deps): Promise<VisualIndex> {
  const index = deps.replicas.visualIndex;
  if (!index) throw new AppError('unavailable', 'This node serves no visual search.');
  await index.ready();
  return index;
}

async function cropFeatures(deps: Deps, mediaId: string | null, crop: Crop): Promise<Buffer> {
  const media = mediaId ? await mediaOfCrop(deps.db, mediaId) : undefined;
  if (!media || media.status !== 'ready') throw new AppError('not_found', 'This Pin has no picture to search with yet.');
  return featuresOfCrop(deps, media.images, crop);
}

function tokenFeatures(token: string | undefined): Buffer {
  const features = token === undefined ? null : featuresOfToken(token);
  if (!features) throw new AppError('bad_request', 'query_features: This is not a picture search of ours.');
  return features;
}

async function topicOf(deps: Deps, id: string): Promise<Topic> {
  const topic = await topicById(deps.db, id);
  if (!topic) throw new AppError('not_found', 'category_id: Not found.');
  return topic;
}

type Page = { shown: Candidate[]; /** Where the next page starts; null when nothing is left. */ last: Neighbour | null };

/**
 * The nearest pins after `after` that the reader may see and `keep` accepts, up to `count`: the
 * index is read CHECK_AT_ONCE at a time (exactly or through its graph), each batch checked in one
 * query, so pins the reader may not see never crowd out a page.
 */
async function nearestVisible(
  deps: Deps,
  reader: Reader,
  index: VisualIndex,
  query: VisualQuery,
  after: Neighbour | null,
  count: number,
  keep: (c: Candidate) => boolean,
): Promise<Page> {
  const vector: Query = queryOf(query.features);
  const scan = { exclude: query.exclude === null ? null : BigInt(query.exclude), flags: query.shopping ? PRODUCT : 0 };
  const shown: Candidate[] = [];
  let last = after;
  for (let scans = 0; scans < SCANS_MAX; scans++) {
    const batch = await index.neighbours.nearest(vector, CHECK_AT_ONCE, { ...scan, after: last });
    const visible = await visibleCandidates(
      deps.db,
      reader,
      batch.map((n) => n.id.toString()),
      query.shopping,
    );
    for (const neighbour of batch) {
      last = neighbour;
      const candidate = visible.get(neighbour.id.toString());
      if (candidate && keep(candidate)) shown.push(candidate);
      if (shown.length === count) return { shown, last };
    }
    if (batch.length < CHECK_AT_ONCE) return { shown, last: null };
  }
  return { shown, last };
}

/** The filters offered: from the nearest products the reader may see, before any is applied. */
async function offeredFilters(deps: Deps, reader: Reader, index: VisualIndex, query: VisualQuery): Promise<ShoppingFilters> {
  const nearest = await nearestVisible(deps, reader, index, query, null, FACET_WINDOW, (c) => c.product !== null);
  const products = nearest.shown.flatMap((c) => (c.product ? [c.product] : []));
  if (products.length === 0) return NO_SHOPPING_FILTERS;
  const topics = await mostFollowedTopics(deps.db, TOPICS_MAX);
  return shoppingFilters(products, topics);
}
