import type { Db } from '../db/database.ts';

/** The pins' own texts (title, description, alt text), not the names of the boards they sit on. */
export async function pinOwnTexts(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('pins')
    .select(['id', 'title', 'description', 'alt_text'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, [r.title, r.description, r.alt_text].join(' ')]));
}
