import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { blocks } from '../../shared/blocking-actions.ts';
import { runningActionPlaces } from './blocking.repo.ts';

/**
 * An edit of a board's `place` (the whole board: undefined; its unorganized pins: null; or a
 * section) while a blocking action holds it is a conflict: the action's job would otherwise meet
 * pins that moved under it (docs/decisions/0047-board-blocking-actions.md).
 */
export async function requireUnblocked(db: Db, boardId: string, place: string | null | undefined): Promise<void> {
  const held = (await runningActionPlaces(db, boardId)).find((a) => blocks(a.section_id, place));
  if (held) throw new AppError('conflict', `This board is being organized (${held.progress}% done). Try again when it finishes.`);
}
