import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { writerOf, type Reader, type Writer } from '../access/authorized.ts';
import { cardOf, loadUserCards } from '../users/user-cards.ts';
import type { ReactionType } from '../../shared/reactions.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { adjustReactionCount, deleteReactions, deleteReactionsOtherThan, insertReaction, loadPinReactions } from './reactions.repo.ts';
import type { ReactionAnswer } from '../../shared/contracts/reactions.ts';

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
    const replaced = await deleteReactionsOtherThan(trx, id, writer.userId, reactionType);
    for (const old of replaced) await adjustReactionCount(trx, id, old, -1);
    if (await insertReaction(trx, { pin_id: id, user_id: writer.userId, reaction_type: reactionType, created_at: Date.now() })) {
      await adjustReactionCount(trx, id, reactionType, 1);
      await deps.events.record(trx, writer.userId, { type: 'pin.reacted', pinId: id, reactionType });
    }
    return id;
  });
  return answer(deps, writer, pinId);
}

/**
 * Unreact: the member's reaction (of `reactionType`, when given) goes and its count falls by one,
 * never below zero. Without such a reaction nothing changes.
 */
export async function unreactToPin(deps: Deps, actor: Actor, target: ReactionTarget, reactionType?: ReactionType): Promise<ReactionAnswer> {
  const writer = writerOf(actor, 'pins:write');
  const pinId = await transact(deps.db, async (trx) => {
    const id = await requireReactable(trx, writer, target);
    const removed = await deleteReactions(trx, id, writer.userId, reactionType);
    for (const old of removed) await adjustReactionCount(trx, id, old, -1);
    if (removed.length > 0) await deps.events.record(trx, writer.userId, { type: 'pin.unreacted', pinId: id });
    return id;
  });
  return answer(deps, writer, pinId);
}

/** The writer reads the pin as the reader they are. */
async function answer(deps: Deps, reader: Reader, pinId: string): Promise<ReactionAnswer> {
  const reactions = (await loadPinReactions(deps.db, reader, [pinId])).get(pinId) ?? { reaction_counts: {}, reaction_by_me: null };
  const pin = { id: pinId, ...reactions };
  if (reactions.reaction_by_me === null || reader.userId === null) return { reaction: null, pin };
  const user = cardOf(await loadUserCards(deps, reader, [reader.userId]), reader.userId);
  return { reaction: { type: 'reaction', id: reactionId(pinId, reader.userId, reactions.reaction_by_me), user, reaction_type: reactions.reaction_by_me }, pin };
}
