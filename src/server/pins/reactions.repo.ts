import type { Db } from '../db/database.ts';
import type { Reader } from '../access/authorized.ts';
import type { PinReactions } from '../../shared/reactions.ts';
import { counterChanges } from '../db/counters.ts';

/**
 * A pin's count of one reaction type moves by `delta`: the business rule "reaction counts floor
 * at zero and the entry is removed at zero", kept in the database. Call inside the change's
 * transaction; the upsert adds up concurrent reactions without a lock.
 */
export async function adjustReactionCount(db: Db, pinId: string, reactionType: number, delta: number): Promise<void> {
  if (delta > 0) {
    await db
      .insertInto('pin_reaction_counts')
      .values({ pin_id: pinId, reaction_type: reactionType, reaction_count: delta })
      .onConflict((oc) => oc.columns(['pin_id', 'reaction_type']).doUpdateSet(counterChanges({ reaction_count: delta }, 'pin_reaction_counts')))
      .execute();
    return;
  }
  const entry = db.updateTable('pin_reaction_counts').where('pin_id', '=', pinId).where('reaction_type', '=', reactionType);
  await entry.set(counterChanges({ reaction_count: delta })).execute();
  await db.deleteFrom('pin_reaction_counts').where('pin_id', '=', pinId).where('reaction_type', '=', reactionType).where('reaction_count', '<=', 0).execute();
}

/** Removes the user's reaction to the pin unless it is of `keepType`; the types removed. */
export async function deleteReactionsOtherThan(db: Db, pinId: string, userId: string, keepType: number): Promise<number[]> {
  const rows = await db
    .deleteFrom('pin_reactions')
    .where('pin_id', '=', pinId)
    .where('user_id', '=', userId)
    .where('reaction_type', '<>', keepType)
    .returning('reaction_type')
    .execute();
  return rows.map((r) => r.reaction_type);
}

/** Removes the user's reaction to the pin (only of `type`, when given); the types removed. */
export async function deleteReactions(db: Db, pinId: string, userId: string, type?: number): Promise<number[]> {
  let mine = db.deleteFrom('pin_reactions').where('pin_id', '=', pinId).where('user_id', '=', userId);
  if (type !== undefined) mine = mine.where('reaction_type', '=', type);
  return (await mine.returning('reaction_type').execute()).map((r) => r.reaction_type);
}

/** The user's one reaction to the pin, unless they already have one; whether it was added. */
export async function insertReaction(db: Db, row: { pin_id: string; user_id: string; reaction_type: number; created_at: number }): Promise<boolean> {
  const added = await db
    .insertInto('pin_reactions')
    .values(row)
    .onConflict((oc) => oc.columns(['pin_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Each pin's reaction_counts and the reader's reaction_by_me, in two queries whatever the number of pins. */
export async function loadPinReactions(db: Db, reader: Reader, pinIds: readonly string[]): Promise<Map<string, PinReactions>> {
  const out = new Map<string, PinReactions>(pinIds.map((id) => [id, { reaction_counts: {}, reaction_by_me: null }]));
  if (pinIds.length === 0) return out;
  const ids = [...new Set(pinIds)];
  const [counts, mine] = await Promise.all([
    db.selectFrom('pin_reaction_counts').select(['pin_id', 'reaction_type', 'reaction_count']).where('pin_id', 'in', ids).orderBy('reaction_type').execute(),
    reader.userId === null
      ? []
      : db.selectFrom('pin_reactions').select(['pin_id', 'reaction_type']).where('user_id', '=', reader.userId).where('pin_id', 'in', ids).execute(),
  ]);
  for (const row of counts) {
    const pin = out.get(row.pin_id);
    if (pin) pin.reaction_counts[String(row.reaction_type)] = row.reaction_count;
  }
  for (const row of mine) {
    const pin = out.get(row.pin_id);
    if (pin) pin.reaction_by_me = row.reaction_type;
  }
  return out;
}
