import type { ApiPin } from '../pins/pins-v5.service.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import type { V5Images, V5Pin, V5PinMedia } from '../../shared/contracts/v5-pins.ts';

type Image = { url: string; width: number; height: number };

export type V5PinOptions = {
  /** `pin_metrics=true` asks for metrics; we keep none, and say so with null. */
  metrics?: boolean | undefined;
};

/**
 * The reference's size names, each from the largest of ours that fits inside it (so `600x` is at
 * most 600 wide, as its name promises); the reference's 400x300 crop has no equal among ours and
 * is left out. Every size of ours is given under its own name too.
 */
const REFERENCE_SIZES: Record<string, { fits: (i: Image) => boolean; from: string[] }> = {
  '150x150': { fits: (i) => i.width <= 150 && i.height <= 150, from: ['136x136', '90x90', '60x60'] },
  '600x': { fits: (i) => i.width <= 600, from: ['564x', '474x', '236x'] },
  '1200x': { fits: (i) => i.width <= 1200, from: ['orig', '736x'] },
};

export function v5Images(images: Record<string, Image>): V5Images {
  const out: V5Images = {};
  for (const [size, image] of Object.entries(images)) out[size] = { url: image.url, width: image.width, height: image.height };
  for (const [name, rule] of Object.entries(REFERENCE_SIZES)) {
    const image = rule.from.map((size) => images[size]).find((i) => i !== undefined && rule.fits(i));
    if (image) out[name] = { url: image.url, width: image.width, height: image.height };
  }
  return out;
}

function v5Media(pin: PinJson): V5PinMedia {
  const images = pin.images ? { images: v5Images(pin.images) } : {};
  if (!pin.is_video) return { media_type: 'image', ...images };
  const video = pin.videos?.video_list['V_720P'];
  const cover = video?.thumbnail ?? pin.images?.['orig']?.url;
  return {
    media_type: 'video',
    ...images,
    ...(cover ? { cover_image_url: cover } : {}),
    video_url: video?.url ?? null,
    duration: video?.duration ?? null,
    width: video?.width ?? null,
    height: video?.height ?? null,
  };
}

/** A pin in the reference's shape, from our own presentation of it and the save it is shown through. */
export function presentV5Pin({ pin, place, byCaller }: ApiPin, options: V5PinOptions = {}): V5Pin {
  return {
    id: pin.id,
    created_at: pin.created_at,
    link: pin.link,
    title: pin.title,
    description: pin.description,
    alt_text: pin.alt_text,
    dominant_color: pin.dominant_color,
    ...(place ? { board_id: place.board_id, board_section_id: place.section_id, board_owner: { username: place.username } } : {}),
    creative_type: pin.is_video ? 'VIDEO' : 'REGULAR',
    has_been_promoted: false,
    is_owner: byCaller,
    is_standard: true,
    parent_pin_id: null,
    media: v5Media(pin),
    ...(options.metrics ? { pin_metrics: null } : {}),
  };
}

export function presentV5Pins(pins: readonly ApiPin[], options: V5PinOptions = {}): V5Pin[] {
  return pins.map((pin) => presentV5Pin(pin, options));
}
