import { scaledJpeg } from './scaled-jpeg.ts';

/**
 * A picture a visitor chose to search with, kept in this tab (sessionStorage) while they log in,
 * so the search runs when they come back to PENDING_PICTURE_PATH. The server keeps nothing of a
 * picture before a search, so it cannot carry it; a small JPEG of it is enough for the search,
 * which reads features of a downscaled copy anyway.
 */
const PENDING_KEY = 'corkboard.pendingImageSearch';
/** Wide enough for the features, small enough for sessionStorage (a few hundred kB at most). */
const PENDING_SIDE = 1024;

/** Where login sends the visitor back to. */
export const PENDING_PICTURE_PATH = '/search/visual/?pending=1';

/** Keeps the picture; false when the browser can neither draw nor store it (the visitor picks it again). */
export async function keepPendingPicture(picture: Blob): Promise<boolean> {
  const jpeg = await scaledJpeg(picture, PENDING_SIDE, 0.85);
  if (jpeg === null) return false;
  try {
    sessionStorage.setItem(PENDING_KEY, jpeg);
    return true;
  } catch {
    return false;
  }
}

/** The kept picture, removed from storage so it is searched once. */
export function takePendingPicture(): Blob | null {
  let stored: string | null;
  try {
    stored = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
  } catch {
    return null;
  }
  const match = stored === null ? null : /^data:(image\/[a-z]+);base64,(.+)$/.exec(stored);
  if (!match?.[1] || !match[2]) return null;
  const binary = atob(match[2]);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] });
}
