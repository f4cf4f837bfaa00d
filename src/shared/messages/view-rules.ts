import type { MessageJson } from '../contracts/messages.ts';

/**
 * The conversations dropdown's state (viewer spec section 4, "Message send"): a message shows at
 * once as a temporary message, is replaced by the server's on success and removed on failure.
 * Opening a conversation closes the new-message view; closing the dropdown clears the attachment
 * and the new-message view; opening a new message clears the open conversation.
 */
export type TempMessage = Omit<MessageJson, 'type'> & { type: 'tempMessage' };
export type ShownMessage = MessageJson | TempMessage;

export type Attachment = { kind: 'pin' | 'board' | 'user' | 'did_it'; id: string };

export type DropdownState = {
  open: boolean;
  newMessage: boolean;
  conversationId: string | null;
  attachment: Attachment | null;
  /** The open conversation's messages, oldest first. */
  messages: ShownMessage[];
};

export type DropdownAction =
  | { type: 'open'; attachment?: Attachment }
  | { type: 'close' }
  | { type: 'openConversation'; conversationId: string; messages: MessageJson[] }
  | { type: 'openNewMessage' }
  /** Back to the list of conversations: neither one open nor a new message. */
  | { type: 'showList' }
  | { type: 'addTemp'; message: TempMessage }
  | { type: 'sent'; clientId: string; message: MessageJson }
  | { type: 'failed'; clientId: string }
  | { type: 'received'; message: MessageJson };

export const CLOSED: DropdownState = { open: false, newMessage: false, conversationId: null, attachment: null, messages: [] };

/** One message per client id: the server's copy replaces the temporary one, a repeat is dropped. */
function place(messages: readonly ShownMessage[], message: MessageJson): ShownMessage[] {
  const at = messages.findIndex((m) => m.client_id === message.client_id);
  if (at === -1) return [...messages, message].sort((a, b) => order(a) - order(b));
  return messages.map((m, i) => (i === at ? message : m));
}

// Temporary messages have no number yet: they stay last, in the order they were typed.
const order = (m: ShownMessage) => (m.type === 'tempMessage' ? Number.MAX_SAFE_INTEGER : m.seq);

export function dropdownReducer(state: DropdownState, action: DropdownAction): DropdownState {
  switch (action.type) {
    case 'open':
      return { ...state, open: true, attachment: action.attachment ?? state.attachment };
    case 'close':
      return { ...state, open: false, newMessage: false, attachment: null };
    case 'openConversation':
      return { ...state, open: true, newMessage: false, conversationId: action.conversationId, messages: [...action.messages].sort((a, b) => a.seq - b.seq) };
    case 'openNewMessage':
      return { ...state, open: true, newMessage: true, conversationId: null, messages: [] };
    case 'showList':
      return { ...state, newMessage: false, conversationId: null, messages: [] };
    case 'addTemp':
      return { ...state, messages: [...state.messages, action.message] };
    case 'sent':
      return { ...state, messages: place(state.messages, action.message) };
    case 'failed':
      return { ...state, messages: state.messages.filter((m) => !(m.type === 'tempMessage' && m.client_id === action.clientId)) };
    case 'received':
      return action.message.conversation_id === state.conversationId ? { ...state, messages: place(state.messages, action.message) } : state;
  }
}

/** What an error of a conversation call shows (viewer spec section 8): message_detail, else message. */
export function errorText(error: { message_detail?: string | null; message?: string | null } | null | undefined, fallback: string): string {
  return error?.message_detail || error?.message || fallback;
}
