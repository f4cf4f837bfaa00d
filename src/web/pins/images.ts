import { thumbHashToDataURL } from 'thumbhash';
import type { MediaImage } from '../../shared/contracts/media.ts';

/** The width-only sizes of the images map (spec: 170x, 236x, 474x, 564x, 736x), narrowest first. */
const WIDTH_SIZES = ['170x', '236x', '474x', '564x', '736x'] as const;

export type ImageSource = { src: string; srcSet: string; width: number; height: number };

/**
 * The image to show for a slot `preferred` wide (a size key such as '236x'), with a srcset of every
 * width-only size so a dense screen picks a sharper one. Null while the media still processes.
 */
export function imageSource(images: Record<string, MediaImage> | null, preferred: (typeof WIDTH_SIZES)[number]): ImageSource | null {
  if (!images) return null;
  const main = images[preferred] ?? images['orig'];
  if (!main) return null;
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const size of WIDTH_SIZES) {
    const image = images[size];
    if (!image || seen.has(image.width)) continue;
    seen.add(image.width);
    candidates.push(`${image.url} ${image.width}w`);
  }
  return { src: main.url, srcSet: candidates.join(', '), width: main.width, height: main.height };
}

/** The stored width and height of the image (any size keeps the aspect ratio). */
export function imageAspect(images: Record<string, MediaImage> | null): { width: number; height: number } | null {
  const image = images?.['236x'] ?? images?.['orig'] ?? images?.['736x'];
  return image ? { width: image.width, height: image.height } : null;
}

/** The blurred placeholder of a ThumbHash (base64), as a data URL; null when it cannot be read. */
export function placeholderUrl(thumbhash: string | null): string | null {
  if (!thumbhash) return null;
  try {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    return null;
  }
}
