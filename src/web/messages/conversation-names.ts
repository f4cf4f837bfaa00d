import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { ApiError } from '../api/http.ts';

/** A conversation's title: its name if a group has one, else the other people's names. */
export function conversationTitle(conversation: Pick<ConversationJson, 'name' | 'users' | 'emails'>, viewerId: string): string {
  if (conversation.name) return conversation.name;
  const others = conversation.users.filter((u) => u.id !== viewerId).map((u) => u.full_name || u.username);
  return [...others, ...conversation.emails].join(', ');
}

/** The fields of a failed call the spec's error texts read (message_detail, then message). */
export function errorFields(error: unknown): { message_detail: string | null; message: string | null } | null {
  return error instanceof ApiError ? { message_detail: error.detail, message: error.message } : null;
}
