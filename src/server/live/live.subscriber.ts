import type { NodeSubscriber } from '../events/event-bus.ts';
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
