import type { Actor } from '../access/actor.ts';
import { readerOf, requireScope } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { featuresOfUpload } from './query-features.ts';
import { searchByFeatures, type VisualSearchData } from './visual-search.service.ts';

/** A picture received for a search, kept in scratch until the search is done. */
export type ImageUpload = { path: string; shopping: boolean; remove(): Promise<void> };

/**
 * POST /v3/visual_search/image/: the first page of a search by an uploaded or pasted picture,
 * and its bookmark; nothing is stored. Signed-in callers only (a token with pins:read), checked
 * before a byte of the picture is received.
 */
export async function searchByImage(deps: Deps, actor: Actor, receive: () => Promise<ImageUpload>): Promise<VisualSearchData & { bookmark: string }> {
  const reader = readerOf(requireScope(actor, 'pins:read'));
  const upload = await receive();
  try {
    const features = await featuresOfUpload(upload.path);
    const query = { features, exclude: null, shopping: upload.shopping, filters: undefined, categoryId: undefined };
    const { data, bookmark } = await searchByFeatures(deps, reader, query, null);
    return { ...data, bookmark };
  } finally {
    await upload.remove();
  }
}
