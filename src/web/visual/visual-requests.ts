import type { PriceRange, VisualSearchAnswer } from '../../shared/contracts/visual.ts';
import type { OptionsOf, TypedRequest } from '../api/resource-types.ts';
import { apiFetch, failure, readJson } from '../api/http.ts';
import type { Crop } from './crop-box.ts';

/*
 * Visual search's reads, built in one place so the page server's requests and the browser's are
 * the same cache keys (src/server/visual/visual.resources.ts).
 */
export const VISUAL_RESOURCE = 'VisualSearchFlashlightUnifiedResource' as const;

/** The shopping side of a search: on or off, and the filters applied. */
export type Shopping = { on: boolean; price: PriceRange | null; domain: string | null; categoryId: string | null };

export const NOT_SHOPPING: Shopping = { on: false, price: null, domain: null, categoryId: null };

type ShoppingOptions = Pick<OptionsOf<typeof VISUAL_RESOURCE>, 'is_shopping' | 'appliedProductFilters' | 'category_id'>;

function shoppingOptions(shopping: Shopping): ShoppingOptions {
  if (!shopping.on) return {};
  const filters = {
    ...(shopping.price ? shopping.price : {}),
    ...(shopping.domain ? { domains: [shopping.domain] } : {}),
  };
  return {
    is_shopping: true,
    ...(Object.keys(filters).length > 0 ? { appliedProductFilters: filters } : {}),
    ...(shopping.categoryId ? { category_id: shopping.categoryId } : {}),
  };
}

/** The first page of pins like a box over a pin. */
export function cropSearchRequest(pinId: string, crop: Crop, shopping: Shopping): TypedRequest<typeof VISUAL_RESOURCE> {
  return { name: VISUAL_RESOURCE, options: { pin_id: pinId, crop, ...shoppingOptions(shopping) } };
}

/** The first page of pins like a picture searched with (its token from searchWithImage). */
export function imageSearchRequest(token: string, shopping: Shopping): TypedRequest<typeof VISUAL_RESOURCE> {
  return { name: VISUAL_RESOURCE, options: { query_features: token, ...shoppingOptions(shopping) } };
}

/** The same search without its filters: what it offers to filter by comes from there. */
export function unfiltered(shopping: Shopping): Shopping {
  return { ...NOT_SHOPPING, on: shopping.on };
}

/** A picture's query token, read from the features token the server answers (98 characters). */
export const TOKEN = /^[A-Za-z0-9_-]{98}$/;

/**
 * POST /v3/visual_search/image/: the server computes the picture's features, stores nothing and
 * answers the first page and the token that searches it again.
 */
export async function searchWithImage(file: Blob): Promise<VisualSearchAnswer> {
  const form = new FormData();
  form.append('is_shopping', 'false');
  form.append('file', file, file instanceof File ? file.name : 'pasted-image');
  const response = await apiFetch('/v3/visual_search/image/', { method: 'POST', body: form });
  const body = (await readJson(response)) as { status?: string; data?: unknown } | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return body.data as VisualSearchAnswer;
}

export function visualSearchPath(token: string, shopping: boolean): string {
  return `/search/visual/?f=${token}${shopping ? '&shop=1' : ''}`;
}
