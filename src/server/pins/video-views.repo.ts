import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export async function countVideoView(db: Db, pinId: string): Promise<void> {
  await db
    .insertInto('pin_video_views')
    .values({ pin_id: pinId, view_count: 1 })
    .onConflict((oc) => oc.column('pin_id').doUpdateSet({ view_count: sql<number>`pin_video_views.view_count + 1` }))
    .execute();
}

/** The view counts of these pins (videos not yet watched have none). */
export async function videoViewCounts(db: Db, pinIds: readonly string[]): Promise<Map<string, number>> {
  if (pinIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('pin_video_views')
    .select(['pin_id', 'view_count'])
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return new Map(rows.map((r) => [r.pin_id, r.view_count]));
}
