import { sql } from 'kysely';
import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf } from '../access/authorized.ts';
import { findVisiblePin } from '../access/pin.policy.ts';

/**
 * Views of video pins, the spec's seoViewCount: a view is counted when playback starts, once per
 * viewer and pin in a window (members by account, visitors by address), so reloading a page or
 * replaying does not inflate the count. Only a pin the viewer may see can be counted.
 */
export const VIEW_WINDOW_MS = 30 * 60_000;

/** Who is watching, for the once-per-window rule. */
export function viewerKey(actor: Actor, address: string): string {
  return actor.kind === 'visitor' ? `ip:${address}` : `user:${actor.userId}`;
}

export async function recordVideoView(deps: Deps, actor: Actor, pinId: string, viewer: string): Promise<{ counted: boolean }> {
  const pin = await findVisiblePin(deps.db, readerOf(actor), pinId);
  if (pin.kind !== 'video') throw new AppError('bad_request', 'Only video Pins have views.');
  const seen = `video-view:${viewer}:${pin.id}`;
  if ((await deps.ports.cache.get(seen)) !== null) return { counted: false };
  await deps.ports.cache.set(seen, '1', VIEW_WINDOW_MS);
  await deps.db
    .insertInto('pin_video_views')
    .values({ pin_id: pin.id, view_count: 1 })
    .onConflict((oc) => oc.column('pin_id').doUpdateSet({ view_count: sql<number>`pin_video_views.view_count + 1` }))
    .execute();
  return { counted: true };
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
