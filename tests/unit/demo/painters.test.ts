import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ASPECTS, canvasOf, paintAvatarPicture, paintPicture } from '../../../src/server/demo/painters/paint.ts';
import { SUBJECT_SLUGS, type SubjectSlug } from '../../../src/server/demo/subjects.ts';
import { colourDistance, labHistogram } from '../../../src/server/media/features.ts';

/** The colour histogram the media pipeline keeps for similarity, of a small copy of the picture. */
async function histogram(png: Buffer): Promise<Uint8Array> {
  const rgba = await sharp(png).resize(64, 64, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  return labHistogram(rgba);
}

const SEEDS_PER_SUBJECT = 4;

describe('demo pictures', () => {
  it('the same subject, seed and canvas paint the same bytes; another seed paints another picture', async () => {
    for (const subject of SUBJECT_SLUGS) {
      const canvas = canvasOf('2:3');
      const first = await paintPicture(subject, 'same', canvas);
      expect((await paintPicture(subject, 'same', canvas)).equals(first), subject).toBe(true);
      expect((await paintPicture(subject, 'other', canvas)).equals(first), subject).toBe(false);
    }
    expect((await paintAvatarPicture('maya')).equals(await paintAvatarPicture('maya'))).toBe(true);
  });

  it('every aspect ratio gives an opaque picture at most 736 wide with even sides', async () => {
    for (const [i, aspect] of ASPECTS.entries()) {
      const subject = SUBJECT_SLUGS[i % SUBJECT_SLUGS.length] ?? 'ocean';
      const meta = await sharp(await paintPicture(subject, `aspect-${aspect.name}`, canvasOf(aspect.name))).metadata();
      expect(meta.format).toBe('png');
      expect(meta.width).toBe(736);
      expect(meta.height % 2).toBe(0);
      expect(meta.height / meta.width).toBeCloseTo(aspect.height / aspect.width, 1);
      expect(meta.hasAlpha).toBe(false);
    }
  });

  it('pictures of one subject are closer in colour to each other than to pictures of other subjects', async () => {
    const histograms = new Map<SubjectSlug, Uint8Array[]>();
    for (const subject of SUBJECT_SLUGS) {
      const list: Uint8Array[] = [];
      for (let seed = 0; seed < SEEDS_PER_SUBJECT; seed++) list.push(await histogram(await paintPicture(subject, `similar-${seed}`, canvasOf('3:4'))));
      histograms.set(subject, list);
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const pairs = (a: Uint8Array[], b: Uint8Array[], same: boolean) => a.flatMap((x, i) => b.flatMap((y, j) => (same && j <= i ? [] : [colourDistance(x, y)])));
    for (const subject of SUBJECT_SLUGS) {
      const own = histograms.get(subject) ?? [];
      const within = mean(pairs(own, own, true));
      const others = SUBJECT_SLUGS.filter((s) => s !== subject).map((s) => mean(pairs(own, histograms.get(s) ?? [], false)));
      expect(within, `${subject} against the mean of other subjects`).toBeLessThan(mean(others));
    }
    // Most pictures' nearest neighbour by colour alone is a picture of their own subject.
    const all = [...histograms].flatMap(([subject, list]) => list.map((h) => ({ subject, h })));
    const nearestIsOwn = all.filter((item) => {
      const others = all.filter((o) => o !== item).sort((a, b) => colourDistance(item.h, a.h) - colourDistance(item.h, b.h));
      return others[0]?.subject === item.subject;
    });
    expect(nearestIsOwn.length / all.length).toBeGreaterThan(0.7);
  });
});
