import type { Actor } from '../access/actor.ts';
import { readerOf, type Reader } from '../access/authorized.ts';
import { requireSender } from '../access/conversation.policy.ts';
import { blockedAmong } from '../access/conversation.repo.ts';
import { findVisibleBoard } from '../access/board.policy.ts';
import { findVisiblePin } from '../access/pin.policy.ts';
import { requireNotBlocked } from '../access/block.policy.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { MessagesTable } from '../db/schema/live-messages.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { appendToMembers } from '../live/member-log.ts';
import { loadUserCards } from '../users/user-cards.ts';
import type { MessageJson } from '../../shared/contracts/messages.ts';
import { contentProblem, type MessageContent } from '../../shared/messages/send-rules.ts';
import { didItPin, userExists } from './shared-things.repo.ts';
import { insertMessage, membersOf, messageByClientId, setReadSeq, takeMessageSeq, unseenConversationCount } from './conversations.repo.ts';
import { messageJson } from './messages.present.ts';

export type SendInput = MessageContent & { client_id: string };

const CONTENT_MESSAGES = {
  empty: 'Write a message or share something.',
  two_attachments: 'A message can share one thing at a time.',
} as const;

/**
 * Checks what a message carries before anything is written: its content rule, and that the sender
 * may see what it shares (a pin, a board, a profile, a tried-it), else not found.
 */
export async function checkContent(deps: Deps, reader: Reader, content: MessageContent): Promise<void> {
  const problem = contentProblem(content);
  if (problem) throw new AppError('bad_request', CONTENT_MESSAGES[problem]);
  if (content.pin) await findVisiblePin(deps.db, reader, content.pin);
  if (content.board) await findVisibleBoard(deps.db, reader, content.board);
  if (content.user) {
    if (!(await userExists(deps.db, content.user))) throw new AppError('not_found');
    await requireNotBlocked(deps.db, reader, content.user);
  }
  if (content.user_did_it_data) {
    const pinId = await didItPin(deps.db, content.user_did_it_data);
    if (!pinId) throw new AppError('not_found');
    await findVisiblePin(deps.db, reader, pinId);
  }
}

/**
 * Writes a message in its conversation's transaction: the next number, the sender's read pointer
 * moved past it, and an entry in the log of every member it reaches (not those who declined, nor
 * anyone with a block between them and the sender), each with their own unseen count.
 */
export async function appendMessage(
  deps: Deps,
  trx: Db,
  conversationId: string,
  senderId: string,
  input: SendInput,
  senderCard: Parameters<typeof messageJson>[1],
): Promise<MessagesTable> {
  const now = Date.now();
  const seq = await takeMessageSeq(trx, conversationId, now);
  const row: MessagesTable = {
    id: newId(),
    conversation_id: conversationId,
    seq,
    sender_id: senderId,
    client_id: input.client_id,
    text: input.text,
    pin_id: input.pin ?? null,
    board_id: input.board ?? null,
    user_id: input.user ?? null,
    did_it_id: input.user_did_it_data ?? null,
    created_at: now,
  };
  await insertMessage(trx, row);
  await setReadSeq(trx, conversationId, senderId, seq);
  const members = (await membersOf(trx, [conversationId])).filter((m) => m.status !== 'declined');
  const blocked = await blockedAmong(
    trx,
    senderId,
    members.map((m) => m.user_id),
  );
  const message = messageJson(row, senderCard);
  await appendToMembers(
    deps,
    trx,
    members.filter((m) => !blocked.has(m.user_id)).map((m) => m.user_id),
    async (memberId) => ({ kind: 'message.created', data: { message, conversations_unseen_count: await unseenConversationCount(trx, memberId) } }),
  );
  await deps.events.record(trx, senderId, { type: 'message.sent', messageId: row.id, conversationId });
  return row;
}

/**
 * ConversationMessagesResource create: sends a message. The client's id makes it idempotent: a
 * retry of a send (acknowledged or not) answers the message the first one wrote, never a second.
 */
export async function sendMessage(deps: Deps, actor: Actor, conversationId: string, input: SendInput): Promise<MessageJson> {
  const sender = await requireSender(deps.db, actor, conversationId);
  const reader = readerOf(actor);
  const cards = await loadUserCards(deps, reader, [sender.userId]);
  const earlier = await messageByClientId(deps.db, sender.userId, input.client_id);
  if (earlier) return messageJson(sameConversation(earlier, conversationId), cards);
  await checkContent(deps, reader, input);
  await enforceRateLimit(deps, 'messageSend', sender.userId);
  const row = await transact(deps.db, async (trx) => {
    // A retry racing the first send meets its row here (the unique index makes one of them retry).
    const raced = await messageByClientId(trx, sender.userId, input.client_id);
    if (raced) return sameConversation(raced, conversationId);
    return appendMessage(deps, trx, conversationId, sender.userId, input, cards);
  });
  return messageJson(row, cards);
}

function sameConversation(row: MessagesTable, conversationId: string): MessagesTable {
  if (row.conversation_id !== conversationId) throw new AppError('bad_request', 'This message id was already used in another conversation.');
  return row;
}
