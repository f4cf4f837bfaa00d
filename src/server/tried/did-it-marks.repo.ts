import type { Db } from '../db/database.ts';
import { counterChanges } from '../db/counters.ts';

/** Likes and helpful marks on tried-its, each with its count on the tried-it kept in the same transaction. */

/** The member's like, unless they already gave one; whether it was added. */
export async function insertDidItReaction(db: Db, row: { did_it_id: string; user_id: string; reaction_type: number; created_at: number }): Promise<boolean> {
  const added = await db
    .insertInto('did_it_reactions')
    .values(row)
    .onConflict((oc) => oc.columns(['did_it_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteDidItReaction(db: Db, didItId: string, userId: string): Promise<boolean> {
  const removed = await db.deleteFrom('did_it_reactions').where('did_it_id', '=', didItId).where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

export async function insertHelpful(db: Db, row: { did_it_id: string; user_id: string; created_at: number }): Promise<boolean> {
  const added = await db
    .insertInto('did_it_helpful')
    .values(row)
    .onConflict((oc) => oc.columns(['did_it_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteHelpful(db: Db, didItId: string, userId: string): Promise<boolean> {
  const removed = await db.deleteFrom('did_it_helpful').where('did_it_id', '=', didItId).where('user_id', '=', userId).executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/** A tried-it's like or helpful count moves by `delta`, never below zero. */
export async function adjustDidItCount(db: Db, didItId: string, column: 'like_count' | 'helpful_count', delta: number): Promise<void> {
  await db
    .updateTable('did_its')
    .set(column === 'like_count' ? counterChanges({ like_count: delta }) : counterChanges({ helpful_count: delta }))
    .where('id', '=', didItId)
    .execute();
}

/** Which of the tried-its the user liked (with the type) and marked helpful. */
export async function marksOf(db: Db, userId: string | null, didItIds: readonly string[]): Promise<{ reactions: Map<string, number>; helpful: Set<string> }> {
  if (userId === null || didItIds.length === 0) return { reactions: new Map(), helpful: new Set() };
  const ids = [...new Set(didItIds)];
  const [reactions, helpful] = await Promise.all([
    db.selectFrom('did_it_reactions').select(['did_it_id', 'reaction_type']).where('user_id', '=', userId).where('did_it_id', 'in', ids).execute(),
    db.selectFrom('did_it_helpful').select('did_it_id').where('user_id', '=', userId).where('did_it_id', 'in', ids).execute(),
  ]);
  return { reactions: new Map(reactions.map((r) => [r.did_it_id, r.reaction_type])), helpful: new Set(helpful.map((h) => h.did_it_id)) };
}
