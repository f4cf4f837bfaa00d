import type { Actor } from '../access/actor.ts';
import type { Board } from '../db/schema/boards-and-pins.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf } from '../access/authorized.ts';
import { findUserByUsername } from '../users/users.repo.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import { visibleBoards } from '../access/visibility.repo.ts';

/** BoardResource get by id: the board if the reader may see it. */
export async function getBoard(deps: Deps, actor: Actor, boardId: string): Promise<Board> {
  return findVisibleBoard(deps.db, readerOf(actor), boardId);
}

/** BoardResource get by path (/:username/:slug/): the same check through the owner's slug. */
export async function getBoardByPath(deps: Deps, actor: Actor, username: string, slug: string): Promise<Board> {
  const owner = await findUserByUsername(deps.db, username.toLowerCase());
  if (!owner) throw new AppError('not_found');
  const board = await deps.db
    .selectFrom('boards')
    .selectAll()
    .where('boards.owner_id', '=', owner.id)
    .where('boards.slug', '=', slug.toLowerCase())
    .where(visibleBoards(readerOf(actor)))
    .executeTakeFirst();
  if (!board) throw new AppError('not_found');
  return board;
}

/** Which of these boards already hold the pin (the picker's "saved" marks), in one query. */
export async function boardsHoldingPin(deps: Deps, boardIds: readonly string[], pinId: string | undefined): Promise<Set<string>> {
  if (!pinId || boardIds.length === 0) return new Set();
  const rows = await deps.db
    .selectFrom('board_pins')
    .select('board_id')
    .where('pin_id', '=', pinId)
    .where('board_id', 'in', [...boardIds])
    .execute();
  return new Set(rows.map((r) => r.board_id));
}
