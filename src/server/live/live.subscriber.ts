import type { EventBus, NodeSubscriber, TransactionSubscriber } from '../events/event-bus.ts';
import { appendToMembers } from './member-log.ts';
import type { LiveHub } from './live-hub.ts';

/** On every node: entries appended to members' logs wake their streams open here. */
export function liveSubscriber(hub: LiveHub): NodeSubscriber {
  return {
    name: 'live',
    types: ['live.appended'],
    apply: async (events) => {
      const members = new Set<string>();
      for (const event of events) if (event.type === 'live.appended') for (const id of event.memberIds) members.add(id);
      await hub.wake([...members]);
    },
  };
}

/**
 * In the transaction that changed a member's news hub: its unseen count goes into their live log
 * with the change, so the header's badge moves on every open tab without a reload.
 */
export function newsBadgeSubscriber(deps: { events: EventBus }): TransactionSubscriber {
  return {
    name: 'live news badges',
    types: ['notifications.changed'],
    apply: async (trx, events) => {
      // Within one transaction a later count of the same member is the current one.
      const unseen = new Map<string, number>();
      for (const event of events) if (event.type === 'notifications.changed') for (const badge of event.badges) unseen.set(badge.userId, badge.unseen);
      await appendToMembers(deps, trx, [...unseen.keys()], (memberId) => ({ kind: 'notifications.unseen', data: { unseen_count: unseen.get(memberId) ?? 0 } }));
    },
  };
}
