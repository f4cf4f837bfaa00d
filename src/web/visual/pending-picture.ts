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

async function jpegOf(picture: Blob): Promise<string | null> {
  try {
    const bitmap = await createImageBitmap(picture);
    const scale = Math.min(1, PENDING_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return null;
  }
}

/** Keeps the picture; false when the browser can neither draw nor store it (the visitor picks it again). */
export async function keepPendingPicture(picture: Blob): Promise<boolean> {
  const jpeg = await jpegOf(picture);
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
