import type { MessageJson } from '../../shared/contracts/messages.ts';
import { contentProblem, type ContentProblem, type MessageContent } from '../../shared/messages/send-rules.ts';
import type { DropdownAction, TempMessage } from '../../shared/messages/view-rules.ts';

/** A fresh id for one send: a retry of the same send reuses it, so the server never keeps two (decision 0049). */
export function newClientId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/[^A-Za-z0-9_-]/g, '');
}

type Sender = MessageJson['sender'];

/** What the conversation shows while the send is on its way: the message as the sender typed it, marked temporary. */
export function tempMessage(sender: Sender, conversationId: string, content: MessageContent, clientId: string, now: number): TempMessage {
  return {
    type: 'tempMessage',
    id: `temp-${clientId}`,
    client_id: clientId,
    conversation_id: conversationId,
    seq: 0,
    text: content.text,
    sender,
    created_at: new Date(now).toISOString(),
    created_ms: now,
    pin: content.pin ? { id: content.pin } : null,
    board: content.board ? { id: content.board } : null,
    user: content.user ? { id: content.user } : null,
    did_it: content.user_did_it_data ? { id: content.user_did_it_data } : null,
  };
}

export type SendOutcome = { ok: true; message: MessageJson } | { ok: false; problem: ContentProblem; error: unknown };

/**
 * One send in an open conversation (viewer spec section 4, "Message send"): a temporary message at
 * once, then the server's in its place, or nothing if the send failed. Content the rules refuse
 * never leaves the browser.
 */
export async function sendInConversation(options: {
  dispatch: (action: DropdownAction) => void;
  post: (content: MessageContent & { conversation_id: string; client_id: string }) => Promise<MessageJson>;
  sender: Sender;
  conversationId: string;
  content: MessageContent;
  clientId: string;
  now: number;
}): Promise<SendOutcome> {
  const { dispatch, post, sender, conversationId, content, clientId, now } = options;
  const problem = contentProblem(content);
  if (problem) return { ok: false, problem, error: null };
  dispatch({ type: 'addTemp', message: tempMessage(sender, conversationId, content, clientId, now) });
  try {
    const message = await post({ ...content, conversation_id: conversationId, client_id: clientId });
    dispatch({ type: 'sent', clientId, message });
    return { ok: true, message };
  } catch (error) {
    dispatch({ type: 'failed', clientId });
    return { ok: false, problem: null, error };
  }
}
