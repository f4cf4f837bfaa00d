/**
 * The skin tone ranges of search (business spec section 1, "skin-tone search filters"): four
 * ranges from light to dark, as Pinterest's skin tone ranges offer them on beauty and fashion
 * searches. A picture's range is decided from its pixels (src/server/media/skin-tone.ts); a search
 * narrowed to a range shows the pins whose pictures show skin of that range
 * (docs/decisions/0028-skin-tone-filters.md).
 */
export const SKIN_TONE_RANGES = ['light', 'medium_light', 'medium_dark', 'dark'] as const;

export type SkinToneRange = (typeof SKIN_TONE_RANGES)[number];

export function isSkinToneRange(value: unknown): value is SkinToneRange {
  return typeof value === 'string' && (SKIN_TONE_RANGES as readonly string[]).includes(value);
}

/**
 * The colour each range's swatch is drawn in: a typical skin colour of the range (a unit test
 * holds that the classifier puts a picture of each swatch in its own range).
 */
export const SKIN_TONE_SWATCHES: Readonly<Record<SkinToneRange, string>> = {
  light: '#f3cfb3',
  medium_light: '#dba67a',
  medium_dark: '#c58c5c',
  dark: '#7b4a33',
};
