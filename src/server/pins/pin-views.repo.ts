import { sql } from 'kysely';
import type { Reader } from '../access/authorized.ts';
import { visibleBoards } from '../access/visibility.repo.ts';
import type { Db } from '../db/database.ts';
import type { BoardPrivacy } from '../db/schema/boards-and-pins.ts';

/** What presenting a page of pins reads besides the pins: the reader's saves and hides, and the boards shown. */

export type BoardRow = { id: string; name: string; slug: string; privacy: BoardPrivacy; owner_id: string };
export type ReaderSave = BoardRow & { save_id: string; pin_id: string; section_id: string | null; section_title: string | null };

const BOARD_COLUMNS = ['boards.id', 'boards.name', 'boards.slug', 'boards.privacy', 'boards.owner_id'] as const;

/** The reader's saves of these pins on boards they may still see, oldest first. */
export async function readerSavesOf(db: Db, reader: Reader, userId: string, pinIds: readonly string[]): Promise<ReaderSave[]> {
  return db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .leftJoin('board_sections as s', 's.id', 'bp.section_id')
    .select([...BOARD_COLUMNS, 'bp.id as save_id', 'bp.pin_id', 'bp.section_id', 's.title as section_title'])
    .where('bp.saved_by', '=', userId)
    .where('bp.pin_id', 'in', [...pinIds])
    .where(visibleBoards(reader))
    .orderBy('bp.created_at', 'asc')
    .execute();
}

export async function hiddenAmong(db: Db, userId: string, pinIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('hidden_pins')
    .select('pin_id')
    .where('user_id', '=', userId)
    .where('pin_id', 'in', [...pinIds])
    .execute();
  return rows.map((r) => r.pin_id);
}

export async function boardRows(db: Db, boardIds: readonly string[]): Promise<BoardRow[]> {
  if (boardIds.length === 0) return [];
  return db
    .selectFrom('boards')
    .select(BOARD_COLUMNS)
    .where('boards.id', 'in', [...boardIds])
    .execute();
}

/** For each pin, the first board the reader may see that holds it (by save time, then save id). */
export async function firstVisibleBoards(db: Db, reader: Reader, pinIds: readonly string[]): Promise<(BoardRow & { pin_id: string })[]> {
  if (pinIds.length === 0) return [];
  const first = db
    .selectFrom('board_pins as bp')
    .innerJoin('boards', 'boards.id', 'bp.board_id')
    .select([...BOARD_COLUMNS, 'bp.pin_id', sql<number>`row_number() over (partition by bp.pin_id order by bp.created_at, bp.id)`.as('rank')])
    .where('bp.pin_id', 'in', [...pinIds])
    .where(visibleBoards(reader))
    .as('first');
  return db
    .selectFrom(first)
    .select(['first.id', 'first.name', 'first.slug', 'first.privacy', 'first.owner_id', 'first.pin_id'])
    .where('first.rank', '=', 1)
    .execute();
}
