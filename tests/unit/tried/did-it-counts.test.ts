import { describe, expect, it } from 'vitest';
import { didItCountsChange, didItDetails } from '../../../src/shared/did-it.ts';

describe("a pin's didItData follows its tried-its", () => {
  it('adding a tried-it counts the member, and the photo when it has one', () => {
    expect(didItCountsChange(null, { hasPhoto: true })).toEqual({ user_count: 1, images_count: 1 });
    expect(didItCountsChange(null, { hasPhoto: false })).toEqual({ user_count: 1, images_count: 0 });
  });

  it('deleting a tried-it uncounts the member and their photo', () => {
    expect(didItCountsChange({ hasPhoto: true }, null)).toEqual({ user_count: -1, images_count: -1 });
    expect(didItCountsChange({ hasPhoto: false }, null)).toEqual({ user_count: -1, images_count: 0 });
  });

  it('an edit moves only the photo count, and only when a photo was added or removed', () => {
    expect(didItCountsChange({ hasPhoto: false }, { hasPhoto: true })).toEqual({ user_count: 0, images_count: 1 });
    expect(didItCountsChange({ hasPhoto: true }, { hasPhoto: false })).toEqual({ user_count: 0, images_count: -1 });
    expect(didItCountsChange({ hasPhoto: true }, { hasPhoto: true })).toEqual({ user_count: 0, images_count: 0 });
  });

  it('a note is kept as plain text, trimmed, line breaks and markup characters as typed', () => {
    expect(didItDetails('  <b>Good</b>\nagain  ')).toBe('<b>Good</b>\nagain');
  });
});
