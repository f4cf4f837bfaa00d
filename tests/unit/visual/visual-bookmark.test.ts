import { describe, expect, it } from 'vitest';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import { decodeVisualBookmark, encodeVisualBookmark, featuresOfToken, featuresToken } from '../../../src/server/visual/visual-bookmark.ts';
import { featureWorld } from './generated-features.ts';

describe('visual search bookmarks', () => {
  const features = featureWorld(1, 1, 1).features[0] ?? Buffer.alloc(0);

  it('carry the query and the last pin looked at, exactly', () => {
    const cursor = { features, last: { distance: 0.123456789012345, id: 382889584253321216n } };
    const bookmark = encodeVisualBookmark(cursor);
    expect(bookmark.length).toBeLessThanOrEqual(512);
    expect(decodeVisualBookmark(bookmark)).toEqual(cursor);
    expect(decodeVisualBookmark(undefined)).toBeNull();
    expect(decodeVisualBookmark(FEED_END)).toBe('end');
    expect(featuresOfToken(featuresToken(features))).toEqual(features);
  });

  it('refuse anything that is not one of ours', () => {
    const forge = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
    const token = featuresToken(features);
    const wrongVersion = Buffer.from(features);
    wrongVersion[0] = 9;
    for (const bad of [
      'forged',
      forge([token, 0.5]),
      forge([token, -1, '12']),
      forge([token, 0.5, '12x']),
      forge([featuresToken(wrongVersion), 0.5, '12']),
      forge({ a: 1 }),
      '%%%',
    ]) {
      expect(() => decodeVisualBookmark(bad), bad).toThrow(/bookmark/);
    }
    expect(featuresOfToken('A'.repeat(98))).toBeNull();
    expect(featuresOfToken(`${token}A`)).toBeNull();
  });
});
