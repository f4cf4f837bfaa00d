/** One size of a picture as the server presents it (src/server/media/media.present.ts), keyed by size name in `images`. */
export type MediaImage = { url: string; width: number; height: number; dominant_color: string | null };
