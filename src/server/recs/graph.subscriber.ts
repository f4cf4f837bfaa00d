import type { NodeSubscriber } from '../events/event-bus.ts';
import type { StoredEvent } from '../events/catalogue.ts';
import type { GraphChange, Recommender } from './recommender.ts';

/**
 * The graph holds public saves: it follows every event that can add, remove or hide one (a save,
 * a pin's end, a board's privacy or end, a section's end) by queueing a re-read of what it names.
 */
export function graphSubscriber(recommender: Recommender): NodeSubscriber {
  return {
    name: 'recommender graph',
    types: ['pin.created', 'pin.deleted', 'pin.saved', 'pin.unsaved', 'save.moved', 'board.created', 'board.changed', 'board.deleted', 'section.deleted'],
    apply(events) {
      recommender.refresh(graphChangeOf(events));
    },
  };
}

export function graphChangeOf(events: readonly StoredEvent[]): GraphChange {
  const pinIds = new Set<string>();
  const boardIds = new Set<string>();
  for (const event of events) {
    switch (event.type) {
      case 'pin.created':
      case 'pin.deleted':
      case 'pin.saved':
      case 'pin.unsaved':
      case 'save.moved':
        pinIds.add(event.pinId);
        break;
      // A board made from the quicksave board may have turned public with its pins.
      case 'board.created':
      case 'board.deleted':
      case 'section.deleted':
        boardIds.add(event.boardId);
        break;
      case 'board.changed':
        if (event.fields.includes('privacy')) boardIds.add(event.boardId);
        break;
      default:
        break;
    }
  }
  return { pinIds: [...pinIds], boardIds: [...boardIds] };
}
