import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf } from '../access/authorized.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { countVideoView } from './video-views.repo.ts';

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
  await countVideoView(deps.db, pin.id);
  return { counted: true };
}
