import { useSyncExternalStore } from 'react';
import type { Crop } from './crop-box.ts';

/**
 * The client's visual searches (business spec section 3, Search: visualSearches): for each pin
 * whose lens is open, the box drawn over it and whether it shops; and the pictures recently
 * searched with, as their query token and a small preview. The previews are kept for the tab's
 * session (sessionStorage), so the results page shows the picture after a reload; the picture
 * itself is never stored, on the server or here, beyond that thumbnail.
 */
export type CropSearch = { crop: Crop; shopping: boolean };
export type ImageSearch = { token: string; preview: string | null };

type State = { crops: ReadonlyMap<string, CropSearch>; images: readonly ImageSearch[] };

const IMAGES_KEPT = 5;
const STORAGE_KEY = 'corkboard.visualSearches';

let state: State = { crops: new Map(), images: [] };
const listeners = new Set<() => void>();

function update(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const visualSearches = {
  cropOf: (pinId: string): CropSearch | null => state.crops.get(pinId) ?? null,
  /** Opens the lens on a pin, or moves its box. */
  setCrop(pinId: string, search: CropSearch): void {
    const crops = new Map(state.crops);
    crops.set(pinId, search);
    update({ ...state, crops });
  },
  close(pinId: string): void {
    if (!state.crops.has(pinId)) return;
    const crops = new Map(state.crops);
    crops.delete(pinId);
    update({ ...state, crops });
  },
  /** A picture searched with, newest first; the oldest go past IMAGES_KEPT. */
  rememberImage(search: ImageSearch): void {
    const images = [search, ...loadImages().filter((i) => i.token !== search.token)].slice(0, IMAGES_KEPT);
    update({ ...state, images });
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(images));
    } catch {
      // A full or blocked storage only costs the preview after a reload.
    }
  },
  imageOf: (token: string): ImageSearch | null => loadImages().find((i) => i.token === token) ?? null,
};

/** The session's pictures, read once from sessionStorage (only in the browser). */
function loadImages(): readonly ImageSearch[] {
  if (state.images.length > 0 || typeof sessionStorage === 'undefined') return state.images;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(stored)) state = { ...state, images: stored.filter(isImageSearch).slice(0, IMAGES_KEPT) };
  } catch {
    // Unreadable: as if empty.
  }
  return state.images;
}

function isImageSearch(value: unknown): value is ImageSearch {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item['token'] === 'string' && (item['preview'] === null || (typeof item['preview'] === 'string' && item['preview'].startsWith('data:image/')));
}

const noCrop = () => null;

/** The lens state of a pin, re-rendering when it changes. */
export function useCropSearch(pinId: string): CropSearch | null {
  return useSyncExternalStore(subscribe, () => visualSearches.cropOf(pinId), noCrop);
}

/** The preview of a picture searched with in this session, if it is still kept. */
export function useImageSearch(token: string): ImageSearch | null {
  return useSyncExternalStore(
    subscribe,
    () => visualSearches.imageOf(token),
    () => null,
  );
}
