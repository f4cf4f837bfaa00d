import { describe, expect, it } from 'vitest';
import { IMAGE_SIZES, MAX_ORIGINAL_PIXELS, planAllSizes, planSize, planVideoSize } from '../../../src/server/media/sizes.ts';

const dims = (size: (typeof IMAGE_SIZES)[number], width: number, height: number) => {
  const plan = planSize(size, width, height);
  return [plan.width, plan.height];
};

describe('image sizes of the spec', () => {
  it('lists every size of viewer spec sections 3 and 9', () => {
    expect(IMAGE_SIZES).toEqual(expect.arrayContaining(['60x60', '136x136', '170x', '236x', '474x', '564x', '736x', '600x315', 'orig', '222x', '90x90']));
  });

  it('width-bounded sizes keep the aspect ratio', () => {
    expect(dims('236x', 1000, 1500)).toEqual([236, 354]);
    expect(dims('736x', 4000, 3000)).toEqual([736, 552]);
    expect(dims('170x', 3000, 1000)).toEqual([170, 57]);
  });

  it('width-bounded sizes are never upscaled', () => {
    expect(dims('736x', 500, 800)).toEqual([500, 800]);
    expect(dims('474x', 40, 30)).toEqual([40, 30]);
  });

  it('a panorama keeps at least one pixel of height', () => {
    expect(dims('60x60', 16000, 1)).toEqual([1, 1]);
    expect(dims('236x', 16000, 10)).toEqual([236, 1]);
  });

  it('square sizes are centre crops', () => {
    const plan = planSize('136x136', 1000, 600);
    expect(plan.region).toEqual({ left: 200, top: 0, width: 600, height: 600 });
    expect([plan.width, plan.height]).toEqual([136, 136]);
    expect(planSize('60x60', 300, 900).region).toEqual({ left: 0, top: 300, width: 300, height: 300 });
  });

  it('600x315 is a cover crop of the Open Graph card', () => {
    const plan = planSize('600x315', 1200, 1200);
    expect(plan.region).toEqual({ left: 0, top: 285, width: 1200, height: 630 });
    expect([plan.width, plan.height]).toEqual([600, 315]);
  });

  it("a box larger than the picture keeps the picture's pixels at the box's aspect", () => {
    expect(dims('600x315', 200, 100)).toEqual([190, 100]);
    expect(dims('136x136', 40, 30)).toEqual([30, 30]);
  });

  it('orig is the whole picture', () => {
    const plan = planSize('orig', 1234, 567);
    expect(plan).toEqual({ size: 'orig', region: { left: 0, top: 0, width: 1234, height: 567 }, width: 1234, height: 567 });
    expect(planAllSizes(10, 10)).toHaveLength(IMAGE_SIZES.length);
  });

  it('orig beyond 16.7 megapixels is scaled down to them, keeping its aspect ratio; 4096×4096 is whole', () => {
    expect(dims('orig', 4096, 4096)).toEqual([4096, 4096]);
    expect(dims('orig', 6000, 4000)).toEqual([5016, 3344]);
    const [width = 0, height = 0] = dims('orig', 16_383, 6_100);
    expect(width * height).toBeLessThanOrEqual(MAX_ORIGINAL_PIXELS);
    expect(width / height).toBeCloseTo(16_383 / 6_100, 2);
    expect(planSize('orig', 16_383, 6_100).region).toEqual({ left: 0, top: 0, width: 16_383, height: 6_100 });
  });

  it('refuses an empty picture', () => {
    expect(() => planSize('236x', 0, 10)).toThrow();
  });
});

describe('the 720p video rendition', () => {
  it('bounds landscape video to 1280×720 and portrait to 720×1280', () => {
    expect(planVideoSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(planVideoSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(planVideoSize(3840, 1600)).toEqual({ width: 1280, height: 534 });
  });

  it('never upscales and keeps sizes even for H.264', () => {
    expect(planVideoSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(planVideoSize(321, 241)).toEqual({ width: 322, height: 242 });
    expect(planVideoSize(1000, 1000)).toEqual({ width: 720, height: 720 });
  });
});
