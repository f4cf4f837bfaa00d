import type { Db } from '../db/database.ts';
import { boardDocument, pinDocument, termDeltas, userDocument } from './documents.ts';
import { adjustTerms } from './vocabulary.repo.ts';
import { languageOfLocale } from './stemming.ts';
import { storyWordsOf } from '../pins/story-search.ts';
import {
  boardToIndex,
  deleteBoardDocument,
  deletePinDocuments,
  deleteUserDocument,
  lockPinDocuments,
  pinDocumentTerms,
  pinsToIndex,
  publicPlaces,
  richMetadataOf,
  upsertBoardDocument,
  upsertPinDocuments,
  upsertUserDocument,
  userToIndex,
} from './search-documents.repo.ts';

/**
 * Keeping the index in step with the content: the search documents' subscribers call these in
 * the transaction of each change (search.subscribers.ts), so a committed change is searchable and
 * a rolled-back one never was. Each call rereads what it needs: repeating one is harmless.
 */

/** Public places shown per pin: a pin saved to thousands of boards needs no more to be found. */
const PLACES_MAX = 50;
const BATCH = 200;

/** Rebuilds the documents of these pins (a deleted pin's document goes). */
export async function indexPins(db: Db, pinIds: readonly string[]): Promise<void> {
  const ids = [...new Set(pinIds)].sort();
  for (let i = 0; i < ids.length; i += BATCH) await indexBatch(db, ids.slice(i, i + BATCH));
}

export async function indexPin(db: Db, pinId: string): Promise<void> {
  await indexPins(db, [pinId]);
}

async function indexBatch(db: Db, ids: string[]): Promise<void> {
  await lockPinDocuments(db, ids);
  const [pins, places, rich, stories, before] = await Promise.all([
    pinsToIndex(db, ids),
    publicPlaces(db, ids, PLACES_MAX),
    richMetadataOf(db, ids),
    storyWordsOf(db, ids),
    pinDocumentTerms(db, ids),
  ]);
  const now = Date.now();
  const docs = pins.flatMap(
    ({ locale, ...pin }) =>
      pinDocument(
        {
          pin,
          publicPlaces: places.get(pin.id) ?? [],
          richMetadata: rich.get(pin.id) ?? null,
          storyWords: stories.get(pin.id),
          language: languageOfLocale(locale),
        },
        now,
      ) ?? [],
  );
  const after = new Map(docs.map((d) => [d.pin_id, d]));
  const gone = before.filter((b) => !after.has(b.pin_id)).map((b) => b.pin_id);
  const old = new Map(before.map((b) => [b.pin_id, b]));
  const deltas = termDeltas([...new Set([...old.keys(), ...after.keys()])].map((id) => ({ before: old.get(id) ?? null, after: after.get(id) ?? null })));
  await deletePinDocuments(db, gone);
  await upsertPinDocuments(db, docs);
  await adjustTerms(db, deltas);
}

/** A board's document: its name and description (who may find it is decided when searching). */
export async function indexBoard(db: Db, boardId: string): Promise<void> {
  const board = await boardToIndex(db, boardId);
  if (!board) await deleteBoardDocument(db, boardId);
  else await upsertBoardDocument(db, boardDocument(board));
}

/** A member's document: username and full name. */
export async function indexUser(db: Db, userId: string): Promise<void> {
  const user = await userToIndex(db, userId);
  if (!user) await deleteUserDocument(db, userId);
  else await upsertUserDocument(db, userDocument(user));
}
