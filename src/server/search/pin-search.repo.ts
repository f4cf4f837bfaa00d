import type { Db } from '../db/database.ts';

/** What ranks a search's pins for a member: what they follow (pin-search.ts, personal signals). */

/** The pins among `ids` on a board the member follows. */
export async function pinsOnFollowedBoards(db: Db, memberId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('board_pins as bp')
    .innerJoin('board_follows as bf', 'bf.board_id', 'bp.board_id')
    .select('bp.pin_id')
    .where('bf.user_id', '=', memberId)
    .where('bp.pin_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((b) => b.pin_id));
}

/** The pins among `ids` made by someone the member follows. */
export async function pinsByFollowedMembers(db: Db, memberId: string, ids: readonly string[]): Promise<Set<string>> {
  const rows = await db
    .selectFrom('pins')
    .innerJoin('user_follows as uf', 'uf.followee_id', 'pins.creator_id')
    .select('pins.id')
    .where('uf.follower_id', '=', memberId)
    .where('pins.id', 'in', [...ids])
    .execute();
  return new Set(rows.map((c) => c.id));
}

/** The names of the topics the member follows, at most `limit`. */
export async function followedTopicNames(db: Db, memberId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('interest_follows as f')
    .innerJoin('interests as i', 'i.id', 'f.interest_id')
    .select('i.name')
    .where('f.user_id', '=', memberId)
    .limit(limit)
    .execute();
  return rows.map((t) => t.name);
}
