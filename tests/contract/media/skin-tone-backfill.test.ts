import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canvasOf } from '../../../src/server/demo/painters/paint.ts';
import { paintFashion } from '../../../src/server/demo/painters/people.ts';
import { createRandom } from '../../../src/server/demo/random.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { jobHandlers } from '../../../src/server/jobs/handlers.ts';
import type { StoredImages } from '../../../src/server/media/media-store.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { backfillSkinTones, scheduleSkinToneBackfill, SKIN_TONE_BACKFILL_JOB } from '../../../src/server/media/skin-tone-backfill.ts';
import { SKIN_TONE_RANGES } from '../../../src/shared/skin-tone.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser } from '../../support/factories.ts';

/*
 * Pictures made before skin tones were analysed (migration 0013) get theirs from their stored 236x
 * copy, by a job that the start of a node queues. Each picture is one update: a job that fails
 * part way leaves every row analysed or waiting, never wrong, and the next run finishes the work.
 */
describe.each(databaseKinds)('the skin tone backfill on %s', (kind) => {
  let t: TestApp;
  /** Media id → the skin tone the pipeline found when the picture was uploaded. */
  const processed = new Map<string, string | null>();

  const stored = async () => {
    const rows = await t.deps.db
      .selectFrom('media')
      .select(['id', 'skin_tone'])
      .where('id', 'in', [...processed.keys()])
      .execute();
    return new Map(rows.map((r) => [r.id, r.skin_tone]));
  };
  /** As the media were before migration 0013. */
  const forget = () =>
    t.deps.db
      .updateTable('media')
      .set({ skin_tone: null })
      .where('id', 'in', [...processed.keys()])
      .execute();
  const pendingJobs = () => t.deps.db.selectFrom('jobs').select('id').where('type', '=', SKIN_TONE_BACKFILL_JOB).where('done_at', 'is', null).execute();

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const user = await makeUser(t.deps, 'kim');
    const pictures = [
      ...SKIN_TONE_RANGES.map((range) => paintFashion(createRandom(`backfill/${range}`), canvasOf('4:5', 400), range)),
      `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300"><rect width="300" height="300" fill="#2a9d8f"/></svg>`,
    ];
    for (const svg of pictures) {
      const media = await ingestImage(t.deps, user.actor, await sharp(Buffer.from(svg)).png().toBuffer(), { inline: true });
      processed.set(media.id, null);
    }
    for (const [id, skinTone] of await stored()) processed.set(id, skinTone);
  }, 60_000);
  afterAll(() => t.close());

  it('the pipeline analysed every upload; with nothing waiting, the start queues no job', async () => {
    expect([...processed.values()].sort()).toEqual(['dark', 'light', 'medium_dark', 'medium_light', 'none']);
    await scheduleSkinToneBackfill(t.deps);
    expect(await pendingJobs()).toEqual([]);
  });

  it('analyses older pictures from their 236x copy as the pipeline did, once', async () => {
    await forget();
    await scheduleSkinToneBackfill(t.deps);
    expect(await pendingJobs()).toHaveLength(1);
    // Two at a time: the batches follow one another until none is left.
    expect(await backfillSkinTones(t.deps, 2)).toBe(processed.size);
    expect(await stored()).toEqual(processed);
    expect(await backfillSkinTones(t.deps)).toBe(0);
  });

  it('runs as the queued job on a worker', async () => {
    await t.deps.db.deleteFrom('jobs').execute();
    await forget();
    await scheduleSkinToneBackfill(t.deps);
    const worker = t.deps.ports.queue.start({ handlers: jobHandlers(t.deps), pollIntervalMs: 20 });
    try {
      for (let i = 0; i < 500 && (await pendingJobs()).length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await worker.stop();
    }
    expect(await stored()).toEqual(processed);
  });

  it('a store failing part way leaves each picture analysed or waiting, and the next run finishes', async () => {
    await forget();
    let reads = 0;
    const failing: Deps = {
      ...t.deps,
      ports: {
        ...t.deps.ports,
        blobs: {
          ...t.deps.ports.blobs,
          get: (key: string) => {
            reads += 1;
            return reads === 3 ? Promise.reject(new Error('the store went away')) : t.deps.ports.blobs.get(key);
          },
        },
      },
    };
    await expect(backfillSkinTones(failing)).rejects.toThrow('the store went away');
    const midway = await stored();
    const analysed = [...midway].filter(([, tone]) => tone !== null);
    expect(analysed).toHaveLength(2);
    for (const [id, tone] of analysed) expect(tone).toBe(processed.get(id));
    expect(await backfillSkinTones(t.deps)).toBe(processed.size - 2);
    expect(await stored()).toEqual(processed);
  });

  it('a picture whose copy is gone counts as showing no skin, so the job does not come back to it', async () => {
    const [id] = [...processed].find(([, tone]) => tone === 'dark') ?? [];
    if (!id) throw new Error('no dark picture');
    const row = await t.deps.db.selectFrom('media').select('images').where('id', '=', id).executeTakeFirstOrThrow();
    const images = JSON.parse(row.images ?? '{}') as StoredImages;
    await t.deps.ports.blobs.delete(images['236x']?.key ?? '');
    await t.deps.db.updateTable('media').set({ skin_tone: null }).where('id', '=', id).execute();
    expect(await backfillSkinTones(t.deps)).toBe(1);
    expect((await stored()).get(id)).toBe('none');
    expect(await backfillSkinTones(t.deps)).toBe(0);
  });
});
