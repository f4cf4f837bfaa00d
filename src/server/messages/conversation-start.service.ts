import type { Actor } from '../access/actor.ts';
import { readerOf } from '../access/authorized.ts';
import { requireMessenger } from '../access/conversation.policy.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { loadUserCards } from '../users/user-cards.ts';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { presentConversations } from './conversation-views.ts';
import { one } from './conversations.service.ts';
import { directConversationBetween, insertConversation, insertMembers, messageByClientId, setMemberStatus } from './conversations.repo.ts';
import { appendMessage, checkContent, type SendInput } from './message-send.service.ts';
import { reachRecipients, resolveRecipients, type Recipient } from './recipients.ts';

export type StartInput = SendInput & { user_ids: string[]; emails: string[]; name?: string | undefined };

/**
 * ConversationsResource create: a first message to one person (their direct conversation with the
 * sender, kept if they have one) or to several (a new group, with a name if given). Someone who
 * does not follow the sender gets it as a contact request. Idempotent by the message's client id.
 */
export async function startConversation(deps: Deps, actor: Actor, input: StartInput): Promise<ConversationJson> {
  const member = await requireMessenger(deps.db, actor);
  const reader = { ...readerOf(actor), userId: member.userId };
  const earlier = await messageByClientId(deps.db, member.userId, input.client_id);
  if (earlier) return one(await presentConversations(deps, reader, [earlier.conversation_id]));
  const recipients = await reachRecipients(deps, member.userId, await resolveRecipients(deps, member.userId, input.user_ids, input.emails));
  if (input.name && recipients.length < 2) throw new AppError('bad_request', 'Only a group conversation has a name.');
  await checkContent(deps, reader, input);
  await enforceRateLimit(deps, 'messageSend', member.userId);
  if (recipients.some((r) => r.status === 'request')) await enforceRateLimit(deps, 'contactRequest', member.userId);
  const cards = await loadUserCards(deps, reader, [member.userId]);
  const conversationId = await transact(deps.db, async (trx) => {
    const raced = await messageByClientId(trx, member.userId, input.client_id);
    if (raced) return raced.conversation_id;
    const id = await conversationFor(deps, trx, member.userId, recipients, input.name ?? null);
    await appendMessage(deps, trx, id, member.userId, input, cards);
    return id;
  });
  return one(await presentConversations(deps, reader, [conversationId]));
}

/** The direct conversation the two already have (the sender back in it), or a new one with everyone in it. */
async function conversationFor(deps: Deps, trx: Db, senderId: string, recipients: readonly Recipient[], name: string | null): Promise<string> {
  const now = Date.now();
  const [only] = recipients;
  if (recipients.length === 1 && only) {
    const existing = await directConversationBetween(trx, senderId, only.userId);
    if (existing) {
      // Writing to someone whose request one declined accepts it: the sender wants to talk now.
      await setMemberStatus(trx, existing, senderId, 'accepted');
      return existing;
    }
  }
  const id = newId();
  const isGroup = recipients.length > 1;
  await insertConversation(trx, {
    id,
    creator_id: senderId,
    name: isGroup ? name : null,
    is_group: isGroup ? 1 : 0,
    last_seq: 0,
    last_message_at: now,
    created_at: now,
  });
  await insertMembers(trx, [
    { conversation_id: id, user_id: senderId, status: 'accepted', read_seq: 0, joined_at: now },
    ...recipients.map((r) => ({ conversation_id: id, user_id: r.userId, status: r.status, read_seq: 0, joined_at: now })),
  ]);
  await deps.events.record(trx, senderId, { type: 'conversation.created', conversationId: id, memberIds: recipients.map((r) => r.userId) });
  return id;
}
