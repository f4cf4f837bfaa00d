import type { Media } from '../db/schema/media.ts';
import type { Deps } from '../deps.ts';
import type { MediaImage } from '../../shared/contracts/media.ts';
import { presentImages, presentVideos, type PresentedMedia } from './media.present.ts';
import { mediaViewRows } from './media.repo.ts';

/** What pins, board covers and avatars show of a media row. */
export type MediaView = {
  status: Media['status'];
  images: Record<string, MediaImage> | null;
  videos: PresentedMedia['videos'];
  dominant_color: string | null;
  image_signature: string | null;
  placeholder: string | null;
};

/**
 * Finished media (ready or failed) never change: their files are content-addressed and immutable.
 * Their presented views are kept, so feeds neither fetch nor parse them again. Bounded; the oldest
 * entry goes first. Media still processing are always read fresh. One per server (Deps.replicas),
 * so its URLs are those of that server's origin.
 */
export type MediaViewCache = { get(id: string): MediaView | undefined; keep(id: string, view: MediaView): void };

const FINISHED_VIEWS_KEPT = 20_000;

export function createMediaViewCache(size = FINISHED_VIEWS_KEPT): MediaViewCache {
  const finished = new Map<string, MediaView>();
  return {
    get: (id) => finished.get(id),
    keep: (id, view) => {
      if (view.status === 'processing') return;
      if (finished.size >= size) finished.delete(finished.keys().next().value ?? '');
      finished.set(id, view);
    },
  };
}

/** Media by id in at most one query, presented with the media pipeline's own presenters. */
export async function loadMediaViews(deps: Deps, ids: Iterable<string | null>): Promise<Map<string, MediaView>> {
  const cache = deps.replicas.mediaViews;
  const views = new Map<string, MediaView>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    if (id === null) continue;
    const known = cache.get(id);
    if (known) views.set(id, known);
    else missing.push(id);
  }
  if (missing.length === 0) return views;
  for (const m of await mediaViewRows(deps.db, missing)) {
    const view: MediaView = {
      status: m.status,
      images: presentImages(deps.config, m),
      videos: presentVideos(deps.config, m),
      dominant_color: m.dominant_color,
      image_signature: m.signature,
      placeholder: m.placeholder,
    };
    cache.keep(m.id, view);
    views.set(m.id, view);
  }
  return views;
}
