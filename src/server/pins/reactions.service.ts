import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { readerOf, writerOf, type Writer } from '../access/authorized.ts';
import { cardOf, loadUserCards, type UserCard } from '../social/user-cards.ts';
import type { PinReactions, ReactionType } from '../../shared/reactions.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { adjustReactionCount, loadPinReactions } from './reactions.repo.ts';

/** The spec's Reaction: id of the form pin:user:type, user, reaction_type. */
export type ReactionJson = { type: 'reaction'; id: string; user: UserCard; reaction_type: number };

/** What a reaction or unreaction answers: the member's reaction (none after an unreaction) and the pin's counts now. */
export type ReactionAnswer = { reaction: ReactionJson | null; pin: { id: string } & PinReactions };

export function reactionId(pinId: string, userId: string, reactionType: number): string {
  return `${pinId}:${userId}:${reactionType}`;
}

export type ReactionTarget = {
  pinId: string;
  /** Whose reaction, when the caller names it: only their own. */
  userId?: string | undefined;
};

/** A member reacts and unreacts for themselves, and only to a pin they may see (else, as for any hidden thing, 404). */
async function requireReactable(db: Db, writer: Writer, target: ReactionTarget): Promise<string> {
  if (target.userId !== undefined && target.userId !== writer.userId) throw new AppError('forbidden', 'You can only react for yourself.');
  return (await findVisiblePin(db, writer, target.pinId)).id;
}

/**
 * React: the member's one reaction to the pin becomes `reactionType` and its count rises by one.
 * An earlier reaction of another type is replaced (its count falls); the same reaction again
 * changes nothing, so a repeated request cannot count twice.
 */
export async function reactToPin(deps: Deps, actor: Actor, target: ReactionTarget, reactionType: ReactionType): Promise<ReactionAnswer> {
  const writer = writerOf(actor, 'pins:write');
  const pinId = await transact(deps.db, async (trx) => {
    const id = await requireReactable(trx, writer, target);
    const replaced = await trx
      .deleteFrom('pin_reactions')
      .where('pin_id', '=', id)
      .where('user_id', '=', writer.userId)
      .where('reaction_type', '<>', reactionType)
      .returning('reaction_type')
      .execute();
    for (const old of replaced) await adjustReactionCount(trx, id, old.reaction_type, -1);
    const added = await trx
      .insertInto('pin_reactions')
      .values({ pin_id: id, user_id: writer.userId, reaction_type: reactionType, created_at: Date.now() })
      .onConflict((oc) => oc.columns(['pin_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(added.numInsertedOrUpdatedRows ?? 0n) > 0) await adjustReactionCount(trx, id, reactionType, 1);
    return id;
  });
  return answer(deps, actor, pinId);
}

/**
 * Unreact: the member's reaction (of `reactionType`, when given) goes and its count falls by one,
 * never below zero. Without such a reaction nothing changes.
 */
export async function unreactToPin(deps: Deps, actor: Actor, target: ReactionTarget, reactionType?: ReactionType): Promise<ReactionAnswer> {
  const writer = writerOf(actor, 'pins:write');
  const pinId = await transact(deps.db, async (trx) => {
    const id = await requireReactable(trx, writer, target);
    let mine = trx.deleteFrom('pin_reactions').where('pin_id', '=', id).where('user_id', '=', writer.userId);
    if (reactionType !== undefined) mine = mine.where('reaction_type', '=', reactionType);
    for (const old of await mine.returning('reaction_type').execute()) await adjustReactionCount(trx, id, old.reaction_type, -1);
    return id;
  });
  return answer(deps, actor, pinId);
}

async function answer(deps: Deps, actor: Actor, pinId: string): Promise<ReactionAnswer> {
  const reader = readerOf(actor);
  const reactions = (await loadPinReactions(deps.db, reader, [pinId])).get(pinId) ?? { reaction_counts: {}, reaction_by_me: null };
  const pin = { id: pinId, ...reactions };
  if (reactions.reaction_by_me === null || reader.userId === null) return { reaction: null, pin };
  const user = cardOf(await loadUserCards(deps, reader, [reader.userId]), reader.userId);
  return { reaction: { type: 'reaction', id: reactionId(pinId, reader.userId, reactions.reaction_by_me), user, reaction_type: reactions.reaction_by_me }, pin };
}
