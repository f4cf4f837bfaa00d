import { SKIN_TONE_RANGES, type SkinToneRange } from '../../shared/skin-tone.ts';
import { srgbToLab } from './features.ts';

/**
 * The skin tone range a picture shows, from the small RGBA copy the analysis reads (at most 64×64,
 * image-analysis.ts). Two published rules (docs/decisions/0028-skin-tone-filters.md):
 *
 * - Which pixels are skin: the YCbCr box of Chai and Ngan (1999), 77 ≤ Cb ≤ 127 and
 *   133 ≤ Cr ≤ 173 (JPEG's full-range BT.601), which holds for light and dark skin alike because
 *   it ignores luma. Luma must only clear a floor, so near-black shadows do not count.
 * - How light that skin is: the Individual Typology Angle, ITA° = atan((L* − 50) / b*) · 180/π
 *   (Chardon et al. 1991), of the median skin pixel. Its classes (very light above 55°, light
 *   above 41°, intermediate above 28°, tan above 10°, brown above −30°, dark; Del Bino et al.
 *   2006) are grouped in four ranges: very light and light, intermediate, tan, brown and dark.
 *
 * A picture is in a range only when skin covers at least SKIN_SHARE_MIN of its opaque pixels;
 * otherwise it shows no skin to speak of ('none').
 */
export type SkinTone = SkinToneRange | 'none';

/** Share of the opaque pixels that must be skin. */
export const SKIN_SHARE_MIN = 0.1;
/** Below this luma a pixel is shadow, whatever its chroma. */
const LUMA_MIN = 30;
/** Pixels at least this opaque count (the copy keeps an alpha channel). */
const ALPHA_MIN = 128;
/** ITA° lower bounds of the lighter three ranges, lightest first; below the last is 'dark'. */
export const ITA_BOUNDS: readonly [light: number, mediumLight: number, mediumDark: number] = [41, 28, 10];

/** Chai and Ngan's skin colour box in YCbCr, with the luma floor. */
export function isSkinPixel(r: number, g: number, b: number): boolean {
  const y = 0.299 * r + 0.587 * g + 0.114 * b;
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  return y >= LUMA_MIN && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** The Individual Typology Angle of an sRGB colour, in degrees (−90 to 90; higher is lighter). */
export function typologyAngle(r: number, g: number, b: number): number {
  const [lightness, , yellowness] = srgbToLab(r, g, b);
  return (Math.atan2(lightness - 50, Math.max(yellowness, 1e-6)) * 180) / Math.PI;
}

export function rangeOfAngle(angle: number): SkinToneRange {
  const [light, mediumLight, mediumDark] = ITA_BOUNDS;
  if (angle > light) return 'light';
  if (angle > mediumLight) return 'medium_light';
  if (angle > mediumDark) return 'medium_dark';
  return 'dark';
}

/**
 * The range of the picture's typical skin (its median ITA), or 'none' when too little is skin.
 * The ranges are intervals of the angle, so the median's range is found by counting skin pixels
 * per range, without sorting the angles.
 */
export function skinToneOf(rgba: Uint8Array): SkinTone {
  const perRange = new Map<SkinToneRange, number>();
  let opaque = 0;
  let skin = 0;
  for (let i = 0; i + 3 < rgba.length; i += 4) {
    if ((rgba[i + 3] ?? 0) < ALPHA_MIN) continue;
    opaque += 1;
    const [r, g, b] = [rgba[i] ?? 0, rgba[i + 1] ?? 0, rgba[i + 2] ?? 0];
    if (!isSkinPixel(r, g, b)) continue;
    const range = rangeOfAngle(typologyAngle(r, g, b));
    perRange.set(range, (perRange.get(range) ?? 0) + 1);
    skin += 1;
  }
  if (opaque === 0 || skin < opaque * SKIN_SHARE_MIN) return 'none';
  // From the darkest range up, as a sorted list of angles would count to its middle element.
  let counted = 0;
  for (const range of DARKEST_FIRST) {
    counted += perRange.get(range) ?? 0;
    if (counted > skin >> 1) return range;
  }
  return 'light';
}

const DARKEST_FIRST: readonly SkinToneRange[] = [...SKIN_TONE_RANGES].reverse();
