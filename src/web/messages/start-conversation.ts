import type { ConversationJson } from '../../shared/contracts/messages.ts';
import { contentProblem, type MessageContent } from '../../shared/messages/send-rules.ts';
import { callResource } from '../api/http.ts';
import { newClientId } from './outgoing.ts';

/** Starts (or continues) a conversation with these people with one message; the client id makes a retry safe. */
export function startConversation(userIds: readonly string[], content: MessageContent, clientId = newClientId()): Promise<ConversationJson> {
  if (contentProblem(content)) return Promise.reject(new Error(contentProblem(content) ?? ''));
  return callResource('ConversationsResource', 'create', { user_ids: [...userIds], emails: [], client_id: clientId, ...content });
}
