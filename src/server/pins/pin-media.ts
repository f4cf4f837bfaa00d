import type { PinKind } from '../db/schema/boards-and-pins.ts';
import type { Media } from '../db/schema/media.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { presentImages, presentVideos, type MediaImage, type PresentedMedia } from '../media/media.present.ts';
import { findMedia } from '../media/media.repo.ts';
import type { Writer } from '../access/authorized.ts';

/**
 * The media a new pin shows: an upload of the writer's own that did not fail (a pin may be made
 * while its media still processes and shows that state until ready). Someone else's media is
 * not found, like a missing one. One upload may back several pins.
 */
export async function resolvePinMedia(deps: Deps, writer: Writer, mediaId: string): Promise<{ mediaId: string; kind: PinKind }> {
  const media = await findMedia(deps.db, mediaId);
  if (!media || media.owner_id !== writer.userId) throw new AppError('not_found', 'media_id: Not found.');
  if (media.status === 'failed') throw new AppError('bad_request', 'media_id: This upload could not be processed. Please try another file.');
  return { mediaId: media.id, kind: media.kind };
}

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
 * Their presented views are kept, so feeds neither fetch nor parse them again. Bounded; the
 * oldest entry goes first. Media still processing are always read fresh.
 */
const FINISHED_VIEWS_KEPT = 20_000;
const finishedViews = new Map<string, MediaView>();

// By origin too: the URLs in a view are absolute, and tests run apps of several origins in one process.
const viewKey = (deps: Deps, id: string) => `${deps.config.publicUrl.origin} ${id}`;

function keepFinished(key: string, view: MediaView): void {
  if (view.status === 'processing') return;
  if (finishedViews.size >= FINISHED_VIEWS_KEPT) finishedViews.delete(finishedViews.keys().next().value ?? '');
  finishedViews.set(key, view);
}

/** Media by id in at most one query, presented with the media pipeline's own presenters. */
export async function loadMediaViews(deps: Deps, ids: Iterable<string | null>): Promise<Map<string, MediaView>> {
  const views = new Map<string, MediaView>();
  const missing: string[] = [];
  for (const id of new Set(ids)) {
    if (id === null) continue;
    const known = finishedViews.get(viewKey(deps, id));
    if (known) views.set(id, known);
    else missing.push(id);
  }
  if (missing.length === 0) return views;
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'status', 'images', 'videos', 'dominant_color', 'signature', 'placeholder'])
    .where('id', 'in', missing)
    .execute();
  for (const m of rows) {
    const view: MediaView = {
      status: m.status,
      images: presentImages(deps.config, m),
      videos: presentVideos(deps.config, m),
      dominant_color: m.dominant_color,
      image_signature: m.signature,
      placeholder: m.placeholder,
    };
    keepFinished(viewKey(deps, m.id), view);
    views.set(m.id, view);
  }
  return views;
}
