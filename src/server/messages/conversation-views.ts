import type { Reader } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { loadUserCards } from '../users/user-cards.ts';
import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { conversationRows, lastMessages, membersOf } from './conversations.repo.ts';
import { conversationJson } from './messages.present.ts';

/** Conversations as `me` sees them, in the order of `ids`: four queries however many there are. */
export async function presentConversations(deps: Deps, reader: Reader & { userId: string }, ids: readonly string[]): Promise<ConversationJson[]> {
  const [rows, members] = await Promise.all([conversationRows(deps.db, ids), membersOf(deps.db, ids)]);
  const lasts = await lastMessages(deps.db, rows);
  const cards = await loadUserCards(deps, reader, [...members.map((m) => m.user_id), ...lasts.map((m) => m.sender_id)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lastOf = new Map(lasts.map((m) => [m.conversation_id, m]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      conversationJson(
        row,
        members.filter((m) => m.conversation_id === id),
        reader.userId,
        cards,
        lastOf.get(id),
      ),
    ];
  });
}
