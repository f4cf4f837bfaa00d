import { z } from 'zod';
import { FEED_END } from '../../shared/resource-cache.ts';
import { AppError } from '../errors.ts';
import { readable } from './feature-table.ts';
import type { Neighbour } from './top-k.ts';

/**
 * A visual search's pages are cut from the order of distances to the query, so a bookmark holds
 * the query's features and the distance and id of the last pin looked at: the next page scans
 * again and starts after it, the query needing no second crop (nor a second upload). A forged
 * bookmark is at most another query, which any member can make by uploading a picture.
 */
export type VisualCursor = { features: Buffer; last: Neighbour };

const FEATURES_TOKEN = /^[A-Za-z0-9_-]{98}$/;
const Payload = z.tuple([z.string().regex(FEATURES_TOKEN), z.number().min(0).max(2), z.string().regex(/^\d{1,20}$/)]);

/** 73 bytes of features as text (URLs, bookmarks, the image search's answer). */
export function featuresToken(features: Uint8Array): string {
  return Buffer.from(features).toString('base64url');
}

/** The features a token holds, or null when it holds none of ours. */
export function featuresOfToken(token: string): Buffer | null {
  if (!FEATURES_TOKEN.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  return readable(bytes) ? bytes : null;
}

export function encodeVisualBookmark(cursor: VisualCursor): string {
  return Buffer.from(JSON.stringify([featuresToken(cursor.features), cursor.last.distance, cursor.last.id.toString()])).toString('base64url');
}

export function decodeVisualBookmark(bookmark: string | undefined): VisualCursor | null | 'end' {
  if (bookmark === undefined || bookmark === '') return null;
  if (bookmark === FEED_END) return 'end';
  const cursor = parse(bookmark);
  if (!cursor) throw new AppError('bad_request', 'bookmark: This bookmark is not one of ours.');
  return cursor;
}

function parse(bookmark: string): VisualCursor | null {
  try {
    const [token, distance, id] = Payload.parse(JSON.parse(Buffer.from(bookmark, 'base64url').toString('utf8')));
    const features = featuresOfToken(token);
    return features ? { features, last: { distance, id: BigInt(id) } } : null;
  } catch {
    return null;
  }
}
