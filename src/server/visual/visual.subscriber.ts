import type { NodeSubscriber } from '../events/event-bus.ts';
import type { VisualIndex } from './visual-index.ts';

/** Pictures come and go with their pins: the index re-reads every pin an event names. */
export function visualSubscriber(index: VisualIndex): NodeSubscriber {
  return {
    name: 'visual index',
    types: ['pin.created', 'pin.deleted', 'pin.saved', 'pin.unsaved', 'save.moved', 'board.deleted', 'section.deleted'],
    apply(events) {
      const pinIds = new Set<string>();
      for (const event of events) {
        if ('pinId' in event) pinIds.add(event.pinId);
        if ('pinIds' in event) for (const id of event.pinIds) pinIds.add(id);
      }
      index.refresh([...pinIds]);
    },
  };
}
