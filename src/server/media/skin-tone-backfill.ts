import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import type { Deps } from '../deps.ts';
import type { JobHandler } from '../ports/queue/job-queue.ts';
import { analyseImage } from './image-analysis.ts';
import type { StoredImages } from './media-store.ts';
import { setSkinTone, waitingForSkinTone } from './media.repo.ts';
import type { SkinTone } from './skin-tone.ts';

/**
 * Pictures processed before skin tones were analysed (migration 0013) get theirs from their stored
 * 236x copy: the copy the pipeline analyses, as the pipeline analyses it (`analyseImage`). One job
 * works through them a batch at a time until none is left; each picture is one update, so a job
 * stopped anywhere (a crash, a failing store) leaves every row either analysed or waiting, and the
 * next run goes on from there.
 */
export const SKIN_TONE_BACKFILL_JOB = 'media.skin-tone-backfill';

const BATCH = 50;
const SOURCE_SIZE = '236x';

type Waiting = { id: string; images: string | null };

/** At start: queues the job when some picture still waits for its skin tone. */
export async function scheduleSkinToneBackfill(deps: Deps): Promise<void> {
  if ((await waitingForSkinTone(deps.db, 1)).length === 0) return;
  await deps.ports.queue.enqueue({ type: SKIN_TONE_BACKFILL_JOB, payload: {}, dedupeKey: SKIN_TONE_BACKFILL_JOB });
}

/** Analyses every waiting picture, `size` at a time; answers how many. A failing blob store stops it (the job retries). */
export async function backfillSkinTones(deps: Deps, size = BATCH): Promise<number> {
  let done = 0;
  for (;;) {
    const batch = await waitingForSkinTone(deps.db, size);
    for (const media of batch) {
      const skinTone = await skinToneOfStored(deps, media);
      await setSkinTone(deps.db, media.id, skinTone);
      done += 1;
    }
    if (batch.length < size) return done;
  }
}

/**
 * The stored copy's skin tone. A copy that is gone or cannot be decoded has nothing to analyse:
 * it is recorded as showing no skin, so the job does not come back to it forever.
 */
async function skinToneOfStored(deps: Deps, media: Waiting): Promise<SkinTone> {
  const stored = media.images ? (JSON.parse(media.images) as StoredImages) : {};
  const source = stored[SOURCE_SIZE];
  const blob = source ? await deps.ports.blobs.get(source.key) : null;
  if (!blob) {
    deps.log.warn({ mediaId: media.id }, 'Skin tone backfill: the 236x copy is missing');
    return 'none';
  }
  const bytes = await buffer(blob.body);
  try {
    const { data, info } = await sharp(bytes).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) return 'none';
    return (await analyseImage({ data, width: info.width, height: info.height, channels: info.channels })).skinTone;
  } catch (error) {
    deps.log.warn({ mediaId: media.id, err: error }, 'Skin tone backfill: the 236x copy cannot be decoded');
    return 'none';
  }
}

export function skinToneBackfillJob(deps: Deps): JobHandler {
  return async () => {
    await backfillSkinTones(deps);
  };
}
