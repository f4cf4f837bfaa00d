import type { Db } from '../db/database.ts';

/** Who an event's subject belongs to: the people a notification may be for. */

export async function pinCreator(db: Db, pinId: string): Promise<string | undefined> {
  return (await db.selectFrom('pins').select('creator_id').where('id', '=', pinId).executeTakeFirst())?.creator_id;
}

export async function boardOwner(db: Db, boardId: string): Promise<string | undefined> {
  return (await db.selectFrom('boards').select('owner_id').where('id', '=', boardId).executeTakeFirst())?.owner_id;
}

/** A board's owner and accepted collaborators: the people of a group board. */
export async function boardMembers(db: Db, boardId: string): Promise<string[]> {
  const owner = await boardOwner(db, boardId);
  if (owner === undefined) return [];
  const rows = await db.selectFrom('board_collaborators').select('user_id').where('board_id', '=', boardId).where('status', '=', 'accepted').execute();
  return [owner, ...rows.map((r) => r.user_id)];
}

export async function boardFollowers(db: Db, boardId: string): Promise<string[]> {
  return (await db.selectFrom('board_follows').select('user_id').where('board_id', '=', boardId).execute()).map((r) => r.user_id);
}

export async function commentAuthor(db: Db, commentId: string): Promise<string | undefined> {
  return (await db.selectFrom('comments').select('user_id').where('id', '=', commentId).executeTakeFirst())?.user_id;
}

export async function didItAuthor(db: Db, didItId: string): Promise<string | undefined> {
  return (await db.selectFrom('did_its').select('user_id').where('id', '=', didItId).executeTakeFirst())?.user_id;
}

export async function userExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}
