import type { Db } from '../db/database.ts';
import type { SkinToneRange } from '../../shared/skin-tone.ts';

/** The pins among `ids` whose picture shows skin of the range (media.skin_tone, migration 0013). */
export async function pinsShowingSkinTone(db: Db, ids: readonly string[], range: SkinToneRange): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('pins')
    .innerJoin('media', 'media.id', 'pins.media_id')
    .select('pins.id')
    .where('pins.id', 'in', [...ids])
    .where('media.skin_tone', '=', range)
    .execute();
  return new Set(rows.map((r) => r.id));
}
