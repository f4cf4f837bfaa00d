import type { Deps } from '../deps.ts';
import type { RecordedEvent, ClusterSubscriber, NodeSubscriber, TransactionSubscriber } from '../events/event-bus.ts';
import type { Db } from '../db/database.ts';
import { indexBoard, indexPins, indexUser } from './search-index.ts';
import { pinIdsInSection } from '../boards/boards.repo.ts';
import { pinIdsOfMember } from './search-documents.repo.ts';
import { reindexBoardPins, reindexPins, scheduleSearchReindex } from './stale-pins.ts';

/**
 * The search documents follow the content in the transaction of each change, so a committed
 * change is searchable and a rolled-back one never was (docs/decisions/0018-search.md). Changes
 * that touch many pins (a board renamed or made secret) mark them stale instead, for the job.
 */
export const searchDocuments: TransactionSubscriber = {
  name: 'search documents',
  types: [
    'pin.created',
    'pin.edited',
    'pin.deleted',
    'board.created',
    'board.changed',
    'board.deleted',
    'section.renamed',
    'section.deleted',
    'account.created',
    'profile.changed',
    'profile.privacy_changed',
  ],
  async apply(trx, events) {
    for (const event of events) await applyToDocuments(trx, event);
  },
};

async function applyToDocuments(trx: Db, event: RecordedEvent): Promise<void> {
  switch (event.type) {
    case 'pin.created':
    case 'pin.edited':
    case 'pin.deleted':
      return indexPins(trx, [event.pinId]);
    // A board made from the quicksave board brings its pins along under the new name.
    case 'board.created':
      await indexBoard(trx, event.boardId);
      return reindexBoardPins(trx, event.boardId);
    case 'board.changed':
      await indexBoard(trx, event.boardId);
      if (event.fields.includes('name') || event.fields.includes('privacy')) await reindexBoardPins(trx, event.boardId);
      return;
    case 'board.deleted':
    case 'section.deleted':
      return reindexPins(trx, event.pinIds);
    case 'section.renamed':
      return reindexPins(trx, await pinIdsInSection(trx, event.sectionId));
    // A private profile's pins leave the public index (landing, discovery); made public, they return.
    case 'profile.privacy_changed':
      return reindexPins(trx, await pinIdsOfMember(trx, event.userId));
    case 'account.created':
    case 'profile.changed':
      return indexUser(trx, event.userId);
    default:
      return;
  }
}

/**
 * A save, unsave or move changes which boards show a pin. Its document catches up just after the
 * commit rather than in it, so a save does not pay for rebuilding it; until then the pin is found
 * by what its document said, which is safe because who may see a pin is decided when searching.
 */
export const searchAfterSaves: ClusterSubscriber = {
  name: 'search documents after saves',
  types: ['pin.saved', 'pin.unsaved', 'save.moved'],
  async apply(trx, events) {
    await indexPins(trx, [...new Set(events.flatMap((e) => ('pinId' in e ? [e.pinId] : [])))]);
  },
};

/** Pins marked stale by a change wait for the reindex job: every node that hears of one asks for it (the queue keeps one). */
export function searchStaleRebuild(deps: Deps): NodeSubscriber {
  return {
    name: 'search stale pins',
    types: ['board.created', 'board.changed', 'board.deleted', 'section.renamed', 'section.deleted', 'profile.privacy_changed'],
    apply: () => scheduleSearchReindex(deps),
  };
}
