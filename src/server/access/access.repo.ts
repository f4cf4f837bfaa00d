import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Board, BoardCollaborator, Pin } from '../db/schema/boards-and-pins.ts';
import type { DidItRow } from '../db/schema/did-its.ts';
import type { Reader } from './authorized.ts';
import { profileNotPrivate, profileOpenTo, visibleBoards, visibleDidIts, visiblePins } from './visibility.repo.ts';

/** The single-row reads the policies of this folder decide from. */

export async function visibleBoard(db: Db, reader: Reader, boardId: string): Promise<Board | undefined> {
  return db.selectFrom('boards').selectAll().where('boards.id', '=', boardId).where(visibleBoards(reader)).executeTakeFirst();
}

export async function visiblePin(db: Db, reader: Reader, pinId: string): Promise<Pin | undefined> {
  return db.selectFrom('pins').selectAll().where('pins.id', '=', pinId).where(visiblePins(reader)).executeTakeFirst();
}

export async function collaboratorRow(db: Db, boardId: string, userId: string): Promise<BoardCollaborator | undefined> {
  return db.selectFrom('board_collaborators').selectAll().where('board_id', '=', boardId).where('user_id', '=', userId).executeTakeFirst();
}

/** Whether a public board holds the pin. */
export async function isOnPublicBoard(db: Db, pinId: string): Promise<boolean> {
  const row = await db
    .selectFrom('board_pins')
    .innerJoin('boards', 'boards.id', 'board_pins.board_id')
    .select('board_pins.id')
    .where('board_pins.pin_id', '=', pinId)
    .where('boards.privacy', '=', 'public')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the user blocked anyone, and whether anyone blocked them: two index probes. */
export async function hasAnyBlock(db: Db, userId: string): Promise<boolean> {
  const [asBlocker, asBlocked] = await Promise.all([
    db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', userId).limit(1).executeTakeFirst(),
    db.selectFrom('blocks').select('blocker_id').where('blocked_id', '=', userId).limit(1).executeTakeFirst(),
  ]);
  return asBlocker !== undefined || asBlocked !== undefined;
}

/** The blockers among the two, of a block between them either way. */
export async function blockersBetween(db: Db, me: string, other: string): Promise<string[]> {
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id'])
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', me), eb('blocked_id', '=', other)]), eb.and([eb('blocker_id', '=', other), eb('blocked_id', '=', me)])]),
    )
    .execute();
  return rows.map((r) => r.blocker_id);
}

export async function usernameOf(db: Db, userId: string): Promise<string | undefined> {
  return (await db.selectFrom('users').select('username').where('id', '=', userId).executeTakeFirst())?.username;
}

/** Whether a pin this reader may see shows the media, as its picture or on a story page. */
export async function isMediaShownTo(db: Db, reader: Reader, mediaId: string): Promise<boolean> {
  const onPin = await db
    .selectFrom('pins')
    .select(sql<number>`1`.as('one'))
    .where('pins.media_id', '=', mediaId)
    .where(visiblePins(reader))
    .executeTakeFirst();
  if (onPin) return true;
  // Each lookup on its own index.
  const onStory = await db
    .selectFrom('story_pin_media as spm')
    .innerJoin('pins', 'pins.id', 'spm.pin_id')
    .select(sql<number>`1`.as('one'))
    .where('spm.media_id', '=', mediaId)
    .where(visiblePins(reader))
    .executeTakeFirst();
  if (onStory) return true;
  // A tried-it's photo: as visible as the tried-it (its pin, and no block with its author).
  const onDidIt = await db
    .selectFrom('did_its')
    .innerJoin('pins', 'pins.id', 'did_its.pin_id')
    .select(sql<number>`1`.as('one'))
    .where('did_its.media_id', '=', mediaId)
    .where(visibleDidIts(reader))
    .executeTakeFirst();
  return onDidIt !== undefined;
}

export async function isProfileImage(db: Db, mediaId: string): Promise<boolean> {
  return (await db.selectFrom('user_profiles').select('user_id').where('image_media_id', '=', mediaId).executeTakeFirst()) !== undefined;
}

export async function mediaOwnerOf(db: Db, mediaId: string): Promise<string | undefined> {
  return (await db.selectFrom('media').select('owner_id').where('id', '=', mediaId).executeTakeFirst())?.owner_id;
}

/** Whether the member's profile is private, and whether it is open to the reader anyway. */
export async function profileStanding(db: Db, reader: Reader, userId: string): Promise<{ isPrivate: boolean; open: boolean } | undefined> {
  const row = await db
    .selectFrom('users')
    .select([
      sql<boolean | number>`${profileNotPrivate(sql.ref('users.id'))}`.as('is_public'),
      sql<boolean | number>`${profileOpenTo(reader, sql.ref('users.id'))}`.as('is_open'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  // SQLite answers 0/1, PostgreSQL true/false.
  return { isPrivate: row.is_public === false || row.is_public === 0, open: row.is_open === true || row.is_open === 1 };
}

/** Whether a comment exists and its pin's owner has not hidden it. */
export async function isShownComment(db: Db, commentId: string): Promise<boolean> {
  const row = await db.selectFrom('comments').select('id').where('id', '=', commentId).where('hidden', '=', 0).executeTakeFirst();
  return row !== undefined;
}

/** A tried-it as the reader may see it (visibleDidIts). */
export async function visibleDidIt(db: Db, reader: Reader, id: string): Promise<DidItRow | undefined> {
  return db
    .selectFrom('did_its')
    .innerJoin('pins', 'pins.id', 'did_its.pin_id')
    .selectAll('did_its')
    .where('did_its.id', '=', id)
    .where(visibleDidIts(reader))
    .executeTakeFirst();
}
