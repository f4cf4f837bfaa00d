import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Actor } from './actor.ts';
import { participantFrom, requireFullSession, type Member, type Participant } from './authorized.ts';
import { blockedAmong, conversationPlace } from './conversation.repo.ts';
import { isWriteBanned, WRITE_BANNED_MESSAGE } from './restrictions.policy.ts';

/**
 * Who reads and writes conversations (docs/decisions/0049-member-log-and-messages.md). Messages
 * are a person's own: a browser session only, never a token. Anyone not in a conversation, or who
 * declined it, or who stands on either side of a block in a direct one, is told it does not exist.
 */
export async function requireParticipant(db: Db, actor: Actor, conversationId: string): Promise<Participant> {
  const member = requireFullSession(actor);
  const place = await conversationPlace(db, conversationId, member.userId);
  if (!place || (place.status !== 'accepted' && place.status !== 'request')) throw new AppError('not_found');
  const isGroup = place.is_group === 1;
  if (!isGroup && (await blockedAmong(db, member.userId, place.others)).size > 0) throw new AppError('not_found');
  return participantFrom({ userId: member.userId, conversationId, status: place.status, isGroup, others: place.others });
}

/** A participant who may write in the conversation: they accepted it and may publish. */
export async function requireSender(db: Db, actor: Actor, conversationId: string): Promise<Participant> {
  const participant = await requireParticipant(db, actor, conversationId);
  if (participant.status !== 'accepted') throw new AppError('forbidden', 'Accept this message request to reply.');
  await requireMayMessage(db, participant);
  return participant;
}

/** A member who may start conversations: a full session, not write-banned. */
export async function requireMessenger(db: Db, actor: Actor): Promise<Member> {
  const member = requireFullSession(actor);
  await requireMayMessage(db, member);
  return member;
}

async function requireMayMessage(db: Db, member: { userId: string }): Promise<void> {
  if (await isWriteBanned(db, member.userId)) throw new AppError('forbidden', WRITE_BANNED_MESSAGE);
}
