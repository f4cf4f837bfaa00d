import sharp from 'sharp';
import { createRandom, type Random } from '../random.ts';
import type { SubjectSlug } from '../subjects.ts';
import { paintAvatar, paintGeometric, paintSpace } from './art.ts';
import { paintCoffee, paintDessert } from './food.ts';
import { paintDesert, paintMountains, paintOcean, paintWinter } from './landscapes.ts';
import { paintBeauty, paintFashion } from './people.ts';
import { paintAutumn, paintFlowers, paintForest } from './plants.ts';
import type { Canvas, Painter } from './svg.ts';
import { paintCar, paintCityAtNight, paintInterior } from './urban.ts';

const PAINTERS: Record<SubjectSlug, Painter> = {
  mountains: paintMountains,
  ocean: paintOcean,
  forests: paintForest,
  autumn: paintAutumn,
  desert: paintDesert,
  winter: paintWinter,
  flowers: paintFlowers,
  'city-at-night': paintCityAtNight,
  interiors: paintInterior,
  cars: paintCar,
  desserts: paintDessert,
  coffee: paintCoffee,
  'geometric-art': paintGeometric,
  space: paintSpace,
  beauty: paintBeauty,
  fashion: paintFashion,
};

/** The aspect ratios of pins, portrait first as on a masonry grid, with how often each is drawn. */
export const ASPECTS = [
  { name: '2:3', width: 2, height: 3, weight: 6 },
  { name: '3:4', width: 3, height: 4, weight: 3 },
  { name: '4:5', width: 4, height: 5, weight: 3 },
  { name: '1:1', width: 1, height: 1, weight: 2 },
  { name: '9:16', width: 9, height: 16, weight: 2 },
  { name: '3:2', width: 3, height: 2, weight: 1 },
  { name: '16:9', width: 16, height: 9, weight: 1 },
] as const;

export type Aspect = (typeof ASPECTS)[number]['name'];

/**
 * 736 pixels wide, the largest closeup size: bigger originals would only make the first start
 * slower, since every size of the spec is at most this wide.
 */
export const PICTURE_WIDTH = 736;
export const AVATAR_SIDE = 280;

export function canvasOf(aspect: Aspect, width: number = PICTURE_WIDTH): Canvas {
  const ratio = ASPECTS.find((a) => a.name === aspect) ?? ASPECTS[0];
  // Even sides, so a video frame of the same canvas is valid for H.264's 4:2:0 chroma.
  const even = (value: number) => 2 * Math.round(value / 2);
  return { width: even(width), height: even((width * ratio.height) / ratio.width) };
}

export function pictureSvg(subject: SubjectSlug, seed: string, canvas: Canvas): string {
  return PAINTERS[subject](createRandom(`picture/${seed}`), canvas);
}

/** The PNG of one picture: the same subject, seed and canvas give the same bytes. */
export async function paintPicture(subject: SubjectSlug, seed: string, canvas: Canvas): Promise<Buffer> {
  return renderSvg(pictureSvg(subject, seed, canvas));
}

export async function paintAvatarPicture(seed: string): Promise<Buffer> {
  const random: Random = createRandom(`avatar/${seed}`);
  return renderSvg(paintAvatar(random, { width: AVATAR_SIDE, height: AVATAR_SIDE }));
}

async function renderSvg(svg: string): Promise<Buffer> {
  // Low zlib effort: the pipeline decodes and re-encodes it at once, so size does not matter.
  return sharp(Buffer.from(svg)).flatten({ background: '#ffffff' }).png({ compressionLevel: 2, adaptiveFiltering: false }).toBuffer();
}
