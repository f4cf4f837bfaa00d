import { adjustBoard } from '../boards/boards.repo.ts';
import { adjustSection } from '../boards/sections.repo.ts';
import type { Db } from '../db/database.ts';
import type { BoardPrivacy } from '../db/schema/boards-and-pins.ts';
import { adjustProfile } from '../users/profile-counters.repo.ts';

/** Where a save sits, as far as counters care. */
export type SavePlace = { boardId: string; ownerId: string; privacy: BoardPrivacy; sectionId: string | null };

/**
 * `n` saves arrive at (n > 0) or leave (n < 0) a place: the board's pin counts, the section's,
 * and the board owner's pin count (a user's pin count is the pins on the boards they own; the
 * secret part is counted apart so others never learn it). Call inside the change's transaction.
 */
export async function countSaves(db: Db, place: SavePlace, n: number, now: number): Promise<void> {
  await adjustBoard(db, place.boardId, { pin_count: n, sectionless_pin_count: place.sectionId ? 0 : n }, now, true);
  if (place.sectionId) await adjustSection(db, place.sectionId, n);
  await adjustProfile(db, place.ownerId, { pin_count: n, secret_pin_count: place.privacy === 'secret' ? n : 0 }, now);
}

/** A save moves between sections of one board: only the section counts shift. */
export async function countSectionMove(db: Db, boardId: string, from: string | null, to: string | null, now: number): Promise<void> {
  if (from === to) return;
  const sectionless = (to === null ? 1 : 0) - (from === null ? 1 : 0);
  await adjustBoard(db, boardId, { sectionless_pin_count: sectionless }, now, true);
  if (from) await adjustSection(db, from, -1);
  if (to) await adjustSection(db, to, 1);
}
