import type { ConversationJson, MessageJson } from '../../shared/contracts/messages.ts';
import type { UserCard } from '../../shared/contracts/user-cards.ts';
import type { MessagesTable } from '../db/schema/live-messages.ts';
import type { ConversationRow, MemberRow } from './conversations.repo.ts';

const ref = (id: string | null) => (id === null ? null : { id });

/** A message as clients read it (viewer spec section 3, "Message"); its text is plain text, never markup. */
export function messageJson(row: MessagesTable, cards: ReadonlyMap<string, UserCard>): MessageJson {
  const sender = cards.get(row.sender_id);
  return {
    type: 'message',
    id: row.id,
    client_id: row.client_id,
    conversation_id: row.conversation_id,
    seq: row.seq,
    text: row.text,
    sender: {
      id: row.sender_id,
      username: sender?.username ?? '',
      full_name: sender?.full_name ?? '',
      image_medium_url: sender?.image_medium_url ?? null,
    },
    created_at: new Date(row.created_at).toUTCString(),
    created_ms: row.created_at,
    pin: ref(row.pin_id),
    board: ref(row.board_id),
    user: ref(row.user_id),
    did_it: ref(row.did_it_id),
  };
}

/** A conversation as the member `me` sees it (viewer spec section 3, "Conversation"). */
export function conversationJson(
  conversation: ConversationRow,
  members: readonly MemberRow[],
  me: string,
  cards: ReadonlyMap<string, UserCard>,
  last: MessagesTable | undefined,
): ConversationJson {
  const mine = members.find((m) => m.user_id === me);
  const lastSeq = conversation.last_seq;
  return {
    type: 'conversation',
    id: conversation.id,
    created_at: new Date(conversation.created_at).toUTCString(),
    name: conversation.name,
    is_group: conversation.is_group === 1,
    status: mine?.status ?? 'accepted',
    emails: [],
    unread: Math.max(0, lastSeq - (mine?.read_seq ?? lastSeq)),
    users: members.filter((m) => m.user_id !== me && m.status !== 'declined').flatMap((m) => cards.get(m.user_id) ?? []),
    last_message: last ? messageJson(last, cards) : null,
    position: lastSeq,
  };
}
