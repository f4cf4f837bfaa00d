import type { Actor } from '../access/actor.ts';
import { readerOf } from '../access/authorized.ts';
import { requireParticipant, requireSender } from '../access/conversation.policy.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { blockUser } from '../social/blocks.service.ts';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { GROUP_MAX_MEMBERS } from '../../shared/contracts/messages.ts';
import { presentConversations } from './conversation-views.ts';
import { one, tellReadState } from './conversations.service.ts';
import { conversationRows, deleteMember, insertMembers, renameConversation, setMemberStatus } from './conversations.repo.ts';
import { reachRecipients, resolveRecipients } from './recipients.ts';

/** ConversationMembersResource create: a group's member adds people (each reached as a new conversation would reach them). */
export async function addMembers(deps: Deps, actor: Actor, conversationId: string, userIds: readonly string[]): Promise<ConversationJson> {
  const sender = await requireSender(deps.db, actor, conversationId);
  if (!sender.isGroup) throw new AppError('bad_request', 'Start a new group to add people to a conversation.');
  const ids = (await resolveRecipients(deps, sender.userId, userIds, [])).filter((id) => !sender.others.includes(id));
  if (ids.length === 0) throw new AppError('bad_request', 'They are already in this conversation.');
  if (ids.length + sender.others.length + 1 > GROUP_MAX_MEMBERS) throw new AppError('bad_request', `A group has at most ${GROUP_MAX_MEMBERS} people.`);
  const recipients = await reachRecipients(deps, sender.userId, ids);
  if (recipients.some((r) => r.status === 'request')) await enforceRateLimit(deps, 'contactRequest', sender.userId);
  await transact(deps.db, async (trx) => {
    const now = Date.now();
    await insertMembers(
      trx,
      recipients.map((r) => ({ conversation_id: conversationId, user_id: r.userId, status: r.status, read_seq: 0, joined_at: now })),
    );
    await deps.events.record(trx, sender.userId, {
      type: 'conversation.members_added',
      conversationId,
      memberIds: recipients.map((r) => r.userId),
    });
  });
  return one(await presentConversations(deps, { ...readerOf(actor), userId: sender.userId }, [conversationId]));
}

/** ConversationResource update: a group's member renames it. */
export async function renameGroup(deps: Deps, actor: Actor, conversationId: string, name: string): Promise<ConversationJson> {
  const sender = await requireSender(deps.db, actor, conversationId);
  if (!sender.isGroup) throw new AppError('bad_request', 'Only a group conversation has a name.');
  await transact(deps.db, (trx) => renameConversation(trx, conversationId, name));
  return one(await presentConversations(deps, { ...readerOf(actor), userId: sender.userId }, [conversationId]));
}

/** ConversationResource delete: the caller leaves; the others keep the conversation. */
export async function leaveConversation(deps: Deps, actor: Actor, conversationId: string): Promise<{ id: string }> {
  const participant = await requireParticipant(deps.db, actor, conversationId);
  await transact(deps.db, async (trx) => {
    await deleteMember(trx, conversationId, participant.userId);
    await deps.events.record(trx, participant.userId, { type: 'conversation.left', conversationId });
    await tellReadState(deps, trx, participant.userId, conversationId, 'declined');
  });
  return { id: conversationId };
}

/**
 * ContactRequestResource update: the answer to a contact request. Accept makes the caller a member
 * (their unread messages count from now); decline hides it and stops what follows; block also
 * blocks whoever started it, which stops everything between the two both ways.
 */
export async function answerContactRequest(
  deps: Deps,
  actor: Actor,
  conversationId: string,
  answer: 'accept' | 'decline' | 'block',
): Promise<{ id: string; status: 'accepted' | 'declined' }> {
  const participant = await requireParticipant(deps.db, actor, conversationId);
  if (participant.status !== 'request') throw new AppError('bad_request', 'There is no request to answer in this conversation.');
  const status = answer === 'accept' ? 'accepted' : 'declined';
  const [conversation] = await conversationRows(deps.db, [conversationId]);
  await transact(deps.db, async (trx) => {
    await setMemberStatus(trx, conversationId, participant.userId, status);
    await deps.events.record(trx, participant.userId, { type: 'contact_request.answered', conversationId, answer });
    await tellReadState(deps, trx, participant.userId, conversationId, status);
  });
  if (answer === 'block' && conversation) await blockUser(deps, actor, conversation.creator_id);
  return { id: conversationId, status };
}
