import type { Writer } from '../access/authorized.ts';
import type { PinKind } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findMedia } from '../media/media.repo.ts';

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
