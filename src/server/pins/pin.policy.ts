import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { visibleBoards } from '../boards/board.policy.ts';
import type { Db } from '../db/database.ts';
import type { Board, Pin } from '../db/schema/boards-and-pins.ts';
import { AppError } from '../errors.ts';
import { notBlocked } from '../social/block.policy.ts';
import type { Reader, Writer } from '../social/principal.ts';

/**
 * A pin is visible when it is not deleted, no block stands between the reader and its creator,
 * and at least one board the reader may see holds it: a pin saved only to secret boards is as
 * secret as they are. Needs `pins` in scope under its own name.
 */
export function visiblePins(reader: Reader): RawBuilder<SqlBool> {
  return sql<SqlBool>`(pins.deleted_at is null and ${notBlocked(reader, sql.ref('pins.creator_id'))} and exists (
    select 1 from board_pins vbp inner join boards on boards.id = vbp.board_id
    where vbp.pin_id = pins.id and ${visibleBoards(reader)}))`;
}

/**
 * For lists on a board the reader already may see: the pin is not deleted, its creator is not
 * blocked either way, and the reader has not hidden it. Needs `pins` in scope.
 */
export function listablePins(reader: Reader): RawBuilder<SqlBool> {
  return sql<SqlBool>`(pins.deleted_at is null and ${notBlocked(reader, sql.ref('pins.creator_id'))} and ${notHiddenBy(reader)})`;
}

/**
 * For lists that gather pins from anywhere (search, a profile's pins): visible, and not hidden
 * by the reader. One fragment, so each block is probed once per pin rather than once per rule.
 */
export function shownPins(reader: Reader): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visiblePins(reader)} and ${notHiddenBy(reader)})`;
}

function notHiddenBy(reader: Reader): RawBuilder<SqlBool> {
  if (reader.userId === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`not exists (select 1 from hidden_pins hp where hp.user_id = ${reader.userId} and hp.pin_id = pins.id)`;
}

/** The single-read check: the pin if the reader may see it, else not found. */
export async function findVisiblePin(db: Db, reader: Reader, pinId: string): Promise<Pin> {
  const pin = await db.selectFrom('pins').selectAll().where('pins.id', '=', pinId).where(visiblePins(reader)).executeTakeFirst();
  if (!pin) throw new AppError('not_found');
  return pin;
}

/** Editing and deleting the content itself is its creator's alone. */
export async function requirePinCreator(db: Db, writer: Writer, pinId: string): Promise<Pin> {
  const pin = await findVisiblePin(db, writer, pinId);
  if (pin.creator_id !== writer.userId) throw new AppError('forbidden');
  return pin;
}

/**
 * What a secret board holds stays secret: only a pin's creator may put it on a public board while
 * no public board holds it yet. Otherwise a collaborator could repin a secret board's pin onto a
 * public board of their own and publish what the owner kept secret (pins are shared, not copied).
 */
export async function requirePublishable(db: Db, writer: Writer, pin: Pick<Pin, 'id' | 'creator_id'>, target: Pick<Board, 'privacy'>): Promise<void> {
  if (target.privacy === 'secret' || pin.creator_id === writer.userId) return;
  const onPublicBoard = await db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .select('board_pins.id')
    .where('board_pins.pin_id', '=', pin.id)
    .where('boards.privacy', '=', 'public')
    .executeTakeFirst();
  if (!onPublicBoard) throw new AppError('forbidden', 'This Pin is on a secret board. Only its creator can save it to a public board.');
}
