import type { Actor } from '../access/actor.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { requireBoardAccess, requireNotArchived } from '../access/board.policy.ts';
import type { BoardPin, Pin } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { ingestImage } from '../media/media.service.ts';
import { writeScratchFile } from '../media/scratch.ts';
import { IMAGE_LIMITS } from '../outbound/fetch-page.ts';
import { guardedFetch, outboundPolicy } from '../outbound/guarded-fetch.ts';
import { createPinAs, requireSectionOf } from '../pins/pins.service.ts';
import { writerOf } from '../access/authorized.ts';
import { cleanLine } from './text.ts';
import { readWebPage } from '../outbound/web-page.ts';
import { readPageMetadata } from './page-metadata.ts';
import { PIN_DESCRIPTION_MAX, PIN_TITLE_MAX, type PinFromUrlFields } from '../../shared/contracts/pins.ts';
import { recordPinSource } from './page-source.ts';

/**
 * PinResource create with `image_url` and `source_url`: a pin made from a web page. The page is
 * read again here (what the client shows is never trusted for the attribution), the image fetched
 * through the guard into a scratch file and taken in by the media pipeline like an upload, and
 * the pin created with the page's canonical link and its source recorded in the same transaction.
 * The board is checked before anything is fetched; a fetch that fails leaves nothing behind.
 */
export async function createPinFromUrl(deps: Deps, actor: Actor, fields: PinFromUrlFields): Promise<{ pin: Pin; save: BoardPin }> {
  const writer = writerOf(actor, 'pins:write');
  const { board } = await requireBoardAccess(deps.db, writer, fields.board_id, 'write');
  requireNotArchived(board);
  await requireSectionOf(deps.db, board.id, fields.section_id);
  const page = await readWebPage(deps, writer.userId, fields.source_url, readPageMetadata);
  const mediaId = await fetchImageAsMedia(deps, actor, fields.image_url);
  const { image_url, source_url, ...pinFields } = fields;
  const picked = page.images.find((i) => i.url === image_url);
  return createPinAs(
    deps,
    writer,
    {
      ...pinFields,
      media_id: mediaId,
      title: fields.title ?? cleanLine(page.title, PIN_TITLE_MAX),
      description: fields.description ?? cleanLine(page.description, PIN_DESCRIPTION_MAX),
      alt_text: fields.alt_text ?? picked?.alt,
      link: fields.link ?? page.canonical_url,
    },
    (trx, pin) => recordPinSource(trx, pin.id, page, source_url, image_url),
  );
}

/**
 * The image through the guard into a scratch file, then into the media pipeline; answers the media
 * id. Also the public API's `image_url` media source.
 */
export async function fetchImageAsMedia(deps: Deps, actor: Actor, imageUrl: string): Promise<string> {
  await enforceRateLimit(deps, 'outboundFetch', writerOf(actor, 'pins:write').userId);
  const scratch = await guardedFetch(outboundPolicy(deps.config), imageUrl, IMAGE_LIMITS, (response) => writeScratchFile(deps, response.body));
  try {
    return (await ingestImage(deps, actor, scratch.path)).id;
  } finally {
    await scratch.remove();
  }
}
