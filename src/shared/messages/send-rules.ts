/**
 * The rules of a message's content (viewer spec section 4, "Message send"; docs/decisions/0049):
 * text, one thing shared, or both; never nothing and never two things at once.
 */
export type MessageContent = {
  text: string;
  pin?: string | undefined;
  board?: string | undefined;
  user?: string | undefined;
  user_did_it_data?: string | undefined;
};

export type ContentProblem = 'empty' | 'two_attachments' | null;

export function contentProblem(content: MessageContent): ContentProblem {
  const attachments = [content.pin, content.board, content.user, content.user_did_it_data].filter((a) => a !== undefined).length;
  if (attachments > 1) return 'two_attachments';
  if (attachments === 0 && content.text.trim() === '') return 'empty';
  return null;
}

/** Whom a new conversation reaches at once, who gets a contact request, and who cannot be messaged. */
export type Reach = 'direct' | 'request' | 'refused';

/**
 * How a recipient is reached, from their `/settings/messages` choice and whether they follow the
 * sender: `everyone` lets anyone write (a request from someone they do not follow), `following`
 * only those they follow, `nobody` no one.
 */
export function reachOf(allowFrom: 'everyone' | 'following' | 'nobody', recipientFollowsSender: boolean): Reach {
  if (allowFrom === 'nobody') return 'refused';
  if (recipientFollowsSender) return 'direct';
  return allowFrom === 'everyone' ? 'request' : 'refused';
}
