import { z } from 'zod';
import { FEED_END } from '../../shared/resource-cache.ts';
import { AppError } from '../errors.ts';
import type { Ranked } from './ranking.ts';

/**
 * Search pages are cut from a ranked list, so a bookmark holds the score and id of the last item
 * shown and the time the ranking was made at: the next page ranks with the same clock (freshness
 * moves with time) and starts after that item, so pages never repeat one.
 */
export type SearchCursor = { rankedAt: number; last: Ranked; /** The first page searched a spelling correction. */ corrected: boolean };

const Payload = z.tuple([
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z.number(),
  z.string().regex(/^\d{1,20}$/),
  z.union([z.literal(0), z.literal(1)]),
]);

export function encodeSearchBookmark(cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([cursor.rankedAt, cursor.last.score, cursor.last.id, cursor.corrected ? 1 : 0])).toString('base64url');
}

/** None for the first page; the end marker when nothing is left. */
export function decodeSearchBookmark(bookmark: string | undefined): SearchCursor | null | 'end' {
  if (bookmark === undefined || bookmark === '') return null;
  if (bookmark === FEED_END) return 'end';
  try {
    const [rankedAt, score, id, corrected] = Payload.parse(JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8')));
    return { rankedAt, last: { id, score }, corrected: corrected === 1 };
  } catch {
    throw new AppError('bad_request', 'bookmark: This bookmark is not one of ours.');
  }
}
