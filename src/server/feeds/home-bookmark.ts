import { decodeBookmark, encodeBookmark } from '../common/bookmark.ts';
import { idTime } from '../db/ids.ts';
import { AppError } from '../errors.ts';

/**
 * The home feed's bookmark: which ranked list (its token, an id made when the list was built),
 * the position in it where the next page starts, and the last pin examined before that position
 * (to find the place again in a rebuilt list). Opaque to clients: bookmark.ts encodes it.
 */
export type HomeCursor = { token: string; offset: number; lastId: string };

const KEY = /^(\d{1,20}):(\d{1,6})$/;
/** Clocks of different nodes differ a little; a token further ahead than this was not made by us. */
const CLOCK_SKEW_MS = 60_000;

export function encodeHomeBookmark(cursor: HomeCursor): string {
  return encodeBookmark({ key: `${cursor.token}:${cursor.offset}`, id: cursor.lastId });
}

/** The cursor of a bookmark; none for the first page; 'end' for the end marker. */
export function decodeHomeBookmark(bookmark: string | undefined, now: number): HomeCursor | null | 'end' {
  const cursor = decodeBookmark(bookmark, 'string');
  if (cursor === null || cursor === 'end') return cursor;
  const match = KEY.exec(String(cursor.key));
  const token = match?.[1];
  if (!match || token === undefined || !(idTime(token) <= now + CLOCK_SKEW_MS)) {
    throw new AppError('bad_request', 'bookmark: This bookmark is not one of ours.');
  }
  return { token, offset: Number(match[2]), lastId: cursor.id };
}
