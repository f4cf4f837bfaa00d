import type { Db } from '../db/database.ts';
import type { PinContent } from './blend.ts';
import { chunks } from './graph.repo.ts';
import { tokenize } from './text.ts';

/**
 * What the blend compares: each pin's words (title and description) and its picture's visual
 * features, in one query per 500 pins. Deleted or hidden pins are not filtered here: this only
 * ranks; the feed filters what it shows for its reader afterwards.
 */
export async function loadContents(db: Db, pinIds: readonly string[]): Promise<Map<string, PinContent>> {
  const out = new Map<string, PinContent>();
  for (const chunk of chunks([...new Set(pinIds)])) {
    const rows = await db
      .selectFrom('pins')
      .leftJoin('media', 'media.id', 'pins.media_id')
      .select(['pins.id', 'pins.title', 'pins.description', 'media.features'])
      .where('pins.id', 'in', chunk)
      .execute();
    for (const row of rows) out.set(row.id, { tokens: tokenize(`${row.title} ${row.description}`), features: row.features });
  }
  return out;
}
