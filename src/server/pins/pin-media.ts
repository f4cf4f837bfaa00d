import type { Media, PinKind } from '../db/schema.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { presentImages, presentVideos, type MediaImage, type PresentedMedia } from '../media/media.present.ts';
import { findMedia } from '../media/media.repo.ts';
import type { Writer } from '../social/principal.ts';

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

/** Media by id in one query, presented with the media pipeline's own presenters. */
export async function loadMediaViews(deps: Deps, ids: Iterable<string | null>): Promise<Map<string, MediaView>> {
  const unique = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('media')
    .select(['id', 'status', 'images', 'videos', 'dominant_color', 'signature', 'placeholder'])
    .where('id', 'in', unique)
    .execute();
  return new Map(
    rows.map((m) => [
      m.id,
      {
        status: m.status,
        images: presentImages(deps.config, m),
        videos: presentVideos(deps.config, m),
        dominant_color: m.dominant_color,
        image_signature: m.signature,
        placeholder: m.placeholder,
      },
    ]),
  );
}
