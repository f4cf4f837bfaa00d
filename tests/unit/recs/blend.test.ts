import { describe, expect, it } from 'vitest';
import { encodeFeatures } from '../../../src/server/media/features.ts';
import { rankCold, rankWalked, visualSimilarity, type PinContent } from '../../../src/server/recs/blend.ts';

/** Features of a picture: its hash and a histogram with all its colour in one bin. */
function picture(hash: bigint, bin: number): Uint8Array {
  const histogram = new Uint8Array(64);
  histogram[bin] = 255;
  return encodeFeatures(hash, histogram);
}

const RED = picture(0x0f0f_0f0f_0f0f_0f0fn, 40);
const NEAR_RED = picture(0x0f0f_0f0f_0f0f_0f0en, 40);
const BLUE = picture(0xf0f0_f0f0_f0f0_f0f0n, 3);
const content = (tokens: string[], features: Uint8Array | null): PinContent => ({ tokens, features });

describe('visual similarity', () => {
  it('is 1 for the same picture, high for a near copy, 0 for an unrelated one or none', () => {
    expect(visualSimilarity(RED, RED)).toBe(1);
    expect(visualSimilarity(RED, NEAR_RED)).toBeGreaterThan(0.9);
    expect(visualSimilarity(RED, BLUE)).toBe(0);
    expect(visualSimilarity(RED, null)).toBe(0);
    expect(visualSimilarity(RED, new Uint8Array(73))).toBe(0);
  });
});

describe('blending walk, picture and words', () => {
  const query = content(['chocolate', 'cake'], RED);

  it('ranks by the walk first, and the reason of a walk-led pin is its board', () => {
    const ranked = rankWalked(
      query,
      [
        { pinId: '1', walkScore: 100, viaBoardId: '900' },
        { pinId: '2', walkScore: 40, viaBoardId: '901' },
      ],
      new Map([
        ['1', content([], BLUE)],
        ['2', content([], BLUE)],
      ]),
    );
    expect(ranked.map((r) => [r.pinId, r.reason, r.boardId])).toEqual([
      ['1', 'saved_to_board', '900'],
      ['2', 'saved_to_board', '901'],
    ]);
  });

  it("lets a picture or words like the query's lift a pin the walk found about as often", () => {
    const ranked = rankWalked(
      query,
      [
        { pinId: '1', walkScore: 100, viaBoardId: '900' },
        { pinId: '2', walkScore: 95, viaBoardId: '901' },
        { pinId: '3', walkScore: 10, viaBoardId: '902' },
      ],
      new Map([
        ['1', content(['garden'], BLUE)],
        ['2', content(['chocolate', 'cake'], NEAR_RED)],
        ['3', content([], RED)],
      ]),
    );
    expect(ranked.map((r) => r.pinId)).toEqual(['2', '1', '3']);
    // Pin 3's walk term (0.07) is below its picture's (0.2): it is shown as visually similar.
    expect(ranked[2]?.reason).toBe('visually_similar');
    expect(ranked[2]?.boardId).toBeNull();
  });

  it('ranks cold candidates by picture and words, leaving unrelated ones out', () => {
    const ranked = rankCold(
      query,
      ['1', '2', '3', '4'],
      new Map([
        ['1', content(['garden', 'shed'], BLUE)],
        ['2', content(['chocolate', 'cake', 'recipe'], BLUE)],
        ['3', content([], NEAR_RED)],
        ['4', content(['chocolate'], NEAR_RED)],
      ]),
    );
    expect(ranked.map((r) => [r.pinId, r.reason])).toEqual([
      ['4', 'visually_similar'],
      ['3', 'visually_similar'],
      ['2', 'similar_text'],
    ]);
  });
});
