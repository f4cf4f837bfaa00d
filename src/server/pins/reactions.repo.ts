import type { Db } from '../db/database.ts';
import { counterChanges } from '../social/counters.ts';
import type { Reader } from '../access/authorized.ts';
import type { PinReactions } from '../../shared/reactions.ts';

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
