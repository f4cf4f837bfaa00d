import { z } from 'zod';
import { AppError } from '../errors.ts';
import { FEED_END } from '../../shared/resource-cache.ts';

/**
 * Opaque feed cursors. A bookmark is the sort key and id of the last item of a page (so the next
 * page starts after it, unchanged by inserts above it), encoded so clients do not build their own;
 * the last page answers the spec's end marker.
 */
export type Cursor = { key: number | string; id: string };

const IdText = z.string().regex(/^\d{1,20}$/);
// The key's type is the feed's: a number where the feed sorts by a time, so a forged bookmark can
// never put text where the database expects a bigint.
const CursorJson = {
  number: z.tuple([z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), IdText]),
  string: z.tuple([
    z
      .string()
      .max(400)
      .refine((s) => !s.includes('\u0000')),
    IdText,
  ]),
};

export function encodeBookmark(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** The cursor inside a bookmark; none for the first page; the end marker means nothing is left. */
export function decodeBookmark(bookmark: string | undefined, keyKind: 'number' | 'string' = 'number'): Cursor | null | 'end' {
  if (bookmark === undefined || bookmark === '') return null;
  if (bookmark === FEED_END) return 'end';
  try {
    const [key, id] = CursorJson[keyKind].parse(JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8')));
    return { key, id };
  } catch {
    throw new AppError('bad_request', 'bookmark: This bookmark is not one of ours.');
  }
}

/** A page from `size + 1` rows: the extra row only says there is more. */
export function pageOf<T>(rows: readonly T[], size: number, cursorOf: (row: T) => Cursor): { items: T[]; bookmark: string } {
  const items = rows.slice(0, size);
  const last = items.at(-1);
  return { items, bookmark: rows.length > size && last !== undefined ? encodeBookmark(cursorOf(last)) : FEED_END };
}
