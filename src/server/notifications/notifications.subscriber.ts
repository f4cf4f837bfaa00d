import type { Deps } from '../deps.ts';
import type { Db } from '../db/database.ts';
import type { ClusterSubscriber } from '../events/event-bus.ts';
import { fanOut } from './fan-out.ts';
import { NOTICE_EVENTS, noticesOf, type Owners } from './notices.ts';
import { dropActor, recountGroups, unseenCounts } from './notifications.repo.ts';
import { boardFollowers, boardMembers, boardOwner, commentAuthor, didItAuthor, pinCreator } from './subjects.repo.ts';

/** Badges per notifications.changed event: a fan-out to many members records several. */
const BADGES_PER_EVENT = 1000;

/**
 * The news hub follows the events once for the cluster (docs/decisions/0050-notifications.md):
 * the notifications of a batch of events commit with the subscriber's position, so after a crash
 * each event's notifications exist exactly once. The same transaction records
 * notifications.changed with the unseen counts of everyone whose news hub changed (the live badge).
 */
export function notificationsSubscriber(deps: Deps): ClusterSubscriber {
  return {
    name: 'notifications',
    types: [...NOTICE_EVENTS, 'member.blocked'],
    async apply(trx, events) {
      const owners = ownersIn(trx);
      const touched = new Set<string>();
      for (const event of events) {
        if (event.type === 'member.blocked') {
          if (event.actorId !== null) for (const id of await separate(trx, event.actorId, event.userId)) touched.add(id);
          continue;
        }
        const told = new Set<string>();
        for (const notice of await noticesOf(event, owners)) {
          for (const id of await fanOut(trx, notice, told, event.at, deps.config.news.mailDelayMs)) told.add(id);
        }
        for (const id of told) touched.add(id);
      }
      await recordBadges(deps, trx, [...touched]);
    },
  };
}

export async function recordBadges(deps: Deps, trx: Db, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  const counts = await unseenCounts(trx, userIds);
  const badges = userIds.map((userId) => ({ userId, unseen: counts.get(userId) ?? 0 }));
  for (let i = 0; i < badges.length; i += BADGES_PER_EVENT) {
    await deps.events.record(trx, null, { type: 'notifications.changed', badges: badges.slice(i, i + BADGES_PER_EVENT) });
  }
}

/** A block takes each of the two out of the other's notifications: no name, no count, no badge of them. */
async function separate(trx: Db, blocker: string, blocked: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [recipient, actor] of [
    [blocker, blocked],
    [blocked, blocker],
  ] as const) {
    const groups = await dropActor(trx, recipient, actor);
    await recountGroups(trx, groups);
    if (groups.length > 0) changed.push(recipient);
  }
  return changed;
}

function ownersIn(db: Db): Owners {
  return {
    pinCreator: (id) => pinCreator(db, id),
    boardOwner: (id) => boardOwner(db, id),
    boardMembers: (id) => boardMembers(db, id),
    boardFollowers: (id) => boardFollowers(db, id),
    commentAuthor: (id) => commentAuthor(db, id),
    didItAuthor: (id) => didItAuthor(db, id),
  };
}
