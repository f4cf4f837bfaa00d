import type { Deps } from '../deps.ts';
import type { MediaImage } from '../media/media.present.ts';
import { presentPins, type PinItem, type PinJson } from '../pins/pins.present.ts';
import type { Reader } from '../access/authorized.ts';

/** The reference's ImageDetails, by size name. */
type V5Images = Record<string, { url: string; width: number; height: number }>;

type V5PinMedia =
  | { media_type: 'image'; images?: V5Images }
  | {
      media_type: 'video';
      images?: V5Images;
      cover_image_url?: string;
      video_url: string | null;
      duration: number | null;
      width: number | null;
      height: number | null;
    };

/** The reference's Pin. */
export type V5Pin = {
  id: string;
  created_at: string;
  link: string | null;
  title: string;
  description: string;
  alt_text: string;
  dominant_color: string | null;
  board_id?: string;
  board_section_id?: string | null;
  board_owner?: { username: string };
  creative_type: 'REGULAR' | 'VIDEO';
  has_been_promoted: boolean;
  is_owner: boolean;
  is_standard: boolean;
  parent_pin_id: null;
  media: V5PinMedia;
  pin_metrics?: null;
};

export type V5PinOptions = {
  /** `pin_metrics=true` asks for metrics; we keep none, and say so with null. */
  metrics?: boolean;
};

/**
 * The reference's size names, each from the largest of ours that fits inside it (so `600x` is at
 * most 600 wide, as its name promises); the reference's 400x300 crop has no equal among ours and
 * is left out. Every size of ours is given under its own name too.
 */
const REFERENCE_SIZES: Record<string, { fits: (i: MediaImage) => boolean; from: string[] }> = {
  '150x150': { fits: (i) => i.width <= 150 && i.height <= 150, from: ['136x136', '90x90', '60x60'] },
  '600x': { fits: (i) => i.width <= 600, from: ['564x', '474x', '236x'] },
  '1200x': { fits: (i) => i.width <= 1200, from: ['orig', '736x'] },
};

export function v5Images(images: Record<string, MediaImage>): V5Images {
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

/**
 * The board a pin is shown on: the save it was listed through, else the reader's own latest
 * save of it, else the first board the reader may see that holds it.
 */
function boardOf(pin: PinJson): string | undefined {
  return pin.board_pin?.board_id ?? pin.saved_info?.board_id ?? pin.board?.id;
}

/** Pins the reader may see, in the reference's shape, in a fixed number of queries. */
export async function presentV5Pins(deps: Deps, reader: Reader, items: readonly PinItem[], options: V5PinOptions = {}): Promise<V5Pin[]> {
  const json = await presentPins(deps, reader, items);
  const places = await savePlaces(deps, json);
  return json.map((pin) => {
    const place = places.get(`${pin.id}:${boardOf(pin) ?? ''}`);
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
      is_owner: reader.userId !== null && pin.pinner.id === reader.userId,
      is_standard: true,
      parent_pin_id: null,
      media: v5Media(pin),
      ...(options.metrics ? { pin_metrics: null } : {}),
    };
  });
}

export async function presentV5Pin(deps: Deps, reader: Reader, item: PinItem, options: V5PinOptions = {}): Promise<V5Pin> {
  const [pin] = await presentV5Pins(deps, reader, [item], options);
  if (!pin) throw new Error('a pin presents as one pin');
  return pin;
}

/** The section and board owner of each shown (pin, board) save, in one query. */
async function savePlaces(deps: Deps, pins: PinJson[]): Promise<Map<string, { board_id: string; section_id: string | null; username: string }>> {
  const boardIds = [...new Set(pins.flatMap((p) => boardOf(p) ?? []))];
  if (boardIds.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .innerJoin('users', 'users.id', 'boards.owner_id')
    .select(['bp.pin_id', 'bp.board_id', 'bp.section_id', 'users.username'])
    .where(
      'bp.pin_id',
      'in',
      pins.map((p) => p.id),
    )
    .where('bp.board_id', 'in', boardIds)
    .execute();
  return new Map(rows.map((r) => [`${r.pin_id}:${r.board_id}`, r]));
}
