import type { Actor } from '../access/actor.ts';
import { readerOf, requireFullSession } from '../access/authorized.ts';
import { requireParticipant } from '../access/conversation.policy.ts';
import { blockedAmong } from '../access/conversation.repo.ts';
import { decodeBookmark, pageOf } from '../common/bookmark.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { appendToMembers } from '../live/member-log.ts';
import { FEED_END } from '../../shared/resource-cache.ts';
import type { ConversationJson, MessageJson } from '../../shared/contracts/messages.ts';
import { presentConversations } from './conversation-views.ts';
import { conversationIdsOf, conversationRows, messagesPage, setReadSeq, unseenConversationCount } from './conversations.repo.ts';
import { messageJson } from './messages.present.ts';
import { loadUserCards } from '../users/user-cards.ts';

const CONVERSATIONS_PAGE = 20;
const MESSAGES_PAGE = 30;

/** ConversationsResource get: the caller's conversations (or the requests waiting for them), latest first. */
export async function listConversations(
  deps: Deps,
  actor: Actor,
  input: { bookmark?: string | undefined; requests?: boolean | undefined },
): Promise<{ conversations: ConversationJson[]; bookmark: string }> {
  const member = requireFullSession(actor);
  const cursor = decodeBookmark(input.bookmark);
  if (cursor === 'end') return { conversations: [], bookmark: FEED_END };
  const statuses = input.requests ? (['request'] as const) : (['accepted'] as const);
  const rows = await conversationIdsOf(
    deps.db,
    member.userId,
    statuses,
    CONVERSATIONS_PAGE + 1,
    cursor ? { at: Number(cursor.key), id: cursor.id } : undefined,
  );
  const page = pageOf(rows, CONVERSATIONS_PAGE, (r) => ({ key: r.last_message_at, id: r.id }));
  const reader = { ...readerOf(actor), userId: member.userId };
  return {
    conversations: await presentConversations(
      deps,
      reader,
      page.items.map((r) => r.id),
    ),
    bookmark: page.bookmark,
  };
}

/** ConversationResource get: one conversation the caller is in. */
export async function getConversation(deps: Deps, actor: Actor, conversationId: string): Promise<ConversationJson> {
  const participant = await requireParticipant(deps.db, actor, conversationId);
  return one(await presentConversations(deps, { ...readerOf(actor), userId: participant.userId }, [conversationId]));
}

export function one<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new AppError('not_found');
  return item;
}

/**
 * ConversationMessagesResource get: a page of messages, newest first. In a group, messages of
 * people with a block between them and the caller are left out.
 */
export async function listMessages(
  deps: Deps,
  actor: Actor,
  conversationId: string,
  bookmark: string | undefined,
): Promise<{ messages: MessageJson[]; bookmark: string }> {
  const participant = await requireParticipant(deps.db, actor, conversationId);
  const cursor = decodeBookmark(bookmark);
  if (cursor === 'end') return { messages: [], bookmark: FEED_END };
  const rows = await messagesPage(deps.db, conversationId, MESSAGES_PAGE + 1, cursor ? Number(cursor.key) : undefined);
  const page = pageOf(rows, MESSAGES_PAGE, (r) => ({ key: r.seq, id: r.id }));
  const blocked = await blockedAmong(deps.db, participant.userId, participant.others);
  const shown = page.items.filter((m) => !blocked.has(m.sender_id));
  const cards = await loadUserCards(
    deps,
    readerOf(actor),
    shown.map((m) => m.sender_id),
  );
  return { messages: shown.map((m) => messageJson(m, cards)), bookmark: page.bookmark };
}

/** ConversationReadResource update: the caller has read everything in it; their other tabs hear so. */
export async function markRead(deps: Deps, actor: Actor, conversationId: string): Promise<{ conversations_unseen_count: number }> {
  const participant = await requireParticipant(deps.db, actor, conversationId);
  const count = await transact(deps.db, async (trx) => {
    const [conversation] = await conversationRows(trx, [conversationId]);
    await setReadSeq(trx, conversationId, participant.userId, conversation?.last_seq ?? 0);
    return tellReadState(deps, trx, participant.userId, conversationId, participant.status);
  });
  return { conversations_unseen_count: count };
}

/** Appends the member's new place in a conversation to their log; answers their unseen count. */
export async function tellReadState(deps: Deps, trx: Db, userId: string, conversationId: string, status: 'accepted' | 'request' | 'declined'): Promise<number> {
  let count = 0;
  await appendToMembers(deps, trx, [userId], async () => {
    count = await unseenConversationCount(trx, userId);
    return { kind: 'conversation.read', data: { conversation_id: conversationId, status, conversations_unseen_count: count } };
  });
  return count;
}

/** The live stream's snapshot: how many conversations have something unread. */
export async function conversationsSnapshot(db: Db, memberId: string): Promise<{ conversations_unseen_count: number }> {
  return { conversations_unseen_count: await unseenConversationCount(db, memberId) };
}
