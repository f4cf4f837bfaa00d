import { z } from 'zod';
import { Bookmark, Id, multilineText } from './common.ts';
import { resourceContract } from './contract.ts';
import { UserCard } from './user-cards.ts';

/** Messages (viewer spec sections 2, 3, 4 and 7; docs/decisions/0049-member-log-and-messages.md). */

export const MESSAGE_MAX_LENGTH = 2000;
export const GROUP_MAX_MEMBERS = 20;
export const CONVERSATION_NAME_MAX = 100;

/** The sender's own id for a send: a retry with the same id answers the first message, never a second. */
export const ClientMessageId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a message id.');

const MessageText = multilineText(MESSAGE_MAX_LENGTH);

export const MessageJson = z.object({
  type: z.literal('message'),
  id: z.string(),
  client_id: z.string(),
  conversation_id: z.string(),
  seq: z.number(),
  text: z.string(),
  sender: z.object({ id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() }),
  created_at: z.string(),
  created_ms: z.number(),
  pin: z.object({ id: z.string() }).nullable(),
  board: z.object({ id: z.string() }).nullable(),
  user: z.object({ id: z.string() }).nullable(),
  did_it: z.object({ id: z.string() }).nullable(),
});
export type MessageJson = z.infer<typeof MessageJson>;

/** The caller's place in a conversation: a member, a contact request waiting for their answer, or one they declined. */
export const ConversationStatus = z.enum(['accepted', 'request', 'declined']);

export const ConversationJson = z.object({
  type: z.literal('conversation'),
  id: z.string(),
  created_at: z.string(),
  name: z.string().nullable(),
  is_group: z.boolean(),
  status: ConversationStatus,
  emails: z.array(z.string()),
  /** Messages after the caller's read pointer. */
  unread: z.number(),
  users: z.array(UserCard),
  last_message: MessageJson.nullable(),
  /** The newest message's number: where the caller has read up to once they open it. */
  position: z.number(),
});
export type ConversationJson = z.infer<typeof ConversationJson>;

/** What a message carries besides its text (one at most): a pin, a board, a profile or a tried-it. */
const Attachment = {
  pin: Id.optional(),
  board: Id.optional(),
  user: Id.optional(),
  user_did_it_data: Id.optional(),
};

const Tracking = {
  source: z.string().max(64).optional(),
  client_tracking_params: z.string().max(1024).optional(),
};

/**
 * ConversationsResource: get {bookmark?, requests?} lists the caller's conversations (or the
 * contact requests waiting for them), latest message first; create {user_ids, emails, text,
 * client_id} starts one (a group with more than one other member) with its first message.
 */
export const ConversationsResource = resourceContract({
  name: 'ConversationsResource',
  verbs: {
    get: { input: z.object({ bookmark: Bookmark, requests: z.boolean().optional() }), output: z.array(ConversationJson) },
    create: {
      input: z.object({
        user_ids: z.array(Id).max(GROUP_MAX_MEMBERS).default([]),
        emails: z.array(z.email().max(254)).max(GROUP_MAX_MEMBERS).default([]),
        text: MessageText,
        client_id: ClientMessageId,
        name: z.string().trim().max(CONVERSATION_NAME_MAX).optional(),
        ...Attachment,
      }),
      output: ConversationJson,
    },
  },
});

/** ConversationResource: get one by conversation_id; update renames a group; delete leaves it. */
export const ConversationResource = resourceContract({
  name: 'ConversationResource',
  verbs: {
    get: { input: z.object({ conversation_id: Id }), output: ConversationJson },
    update: { input: z.object({ conversation_id: Id, name: z.string().trim().min(1).max(CONVERSATION_NAME_MAX) }), output: ConversationJson },
    delete: { input: z.object({ conversation_id: Id }), output: z.object({ id: z.string() }) },
  },
});

/** ConversationMessagesResource: get a page of messages, newest first; create sends one (idempotent by client_id). */
export const ConversationMessagesResource = resourceContract({
  name: 'ConversationMessagesResource',
  verbs: {
    get: { input: z.object({ conversation_id: Id, bookmark: Bookmark }), output: z.array(MessageJson) },
    create: {
      input: z.object({ conversation_id: Id, text: MessageText.default(''), client_id: ClientMessageId, ...Attachment, ...Tracking }),
      output: MessageJson,
    },
  },
});

/** ConversationMembersResource: create adds members to a group conversation. */
export const ConversationMembersResource = resourceContract({
  name: 'ConversationMembersResource',
  verbs: {
    create: { input: z.object({ conversation_id: Id, user_ids: z.array(Id).min(1).max(GROUP_MAX_MEMBERS) }), output: ConversationJson },
  },
});

/** ConversationReadResource: update moves the caller's read pointer to the conversation's newest message. */
export const ConversationReadResource = resourceContract({
  name: 'ConversationReadResource',
  verbs: { update: { input: z.object({ conversation_id: Id }), output: z.object({ conversations_unseen_count: z.number() }) } },
});

export const ContactRequestAnswer = z.enum(['accept', 'decline', 'block']);

/** ContactRequestResource: update answers a contact request: accept, decline, or decline and block its sender. */
export const ContactRequestResource = resourceContract({
  name: 'ContactRequestResource',
  verbs: {
    update: { input: z.object({ conversation_id: Id, answer: ContactRequestAnswer }), output: z.object({ id: z.string(), status: ConversationStatus }) },
  },
});

/** Who may message a member (`/settings/messages`). */
export const MessagesAllowFrom = z.enum(['everyone', 'following', 'nobody']);
export type MessagesAllowFrom = z.infer<typeof MessagesAllowFrom>;

export const MessageSettingsResource = resourceContract({
  name: 'MessageSettingsResource',
  verbs: {
    get: { input: z.object({}), output: z.object({ allow_from: MessagesAllowFrom }) },
    update: { input: z.object({ allow_from: MessagesAllowFrom }), output: z.object({ allow_from: MessagesAllowFrom }) },
  },
});

/** ShareSuggestionsResource: get {suggestion_type: share, hide_group_conversations}: people to send to, recent conversations first. */
export const ShareSuggestionsResource = resourceContract({
  name: 'ShareSuggestionsResource',
  verbs: {
    get: {
      input: z.object({
        suggestion_type: z.literal('share'),
        hide_group_conversations: z.boolean().default(true),
        query: z.string().trim().max(100).optional(),
      }),
      output: z.array(UserCard),
    },
  },
});

/** An invite link's channel (business spec section 3): a small number naming where it was shared. */
const InviteChannel = z.number().int().min(0).max(99);

/** InviteCodeResource: create {invite_channel} answers the caller's code for links shared through that channel. */
export const InviteCodeResource = resourceContract({
  name: 'InviteCodeResource',
  verbs: { create: { input: z.object({ invite_channel: InviteChannel }), output: z.object({ invite_code: z.string() }) } },
});

/**
 * InviteCodeMetadataResource: get {invite_code}: who invited the reader and through which channel;
 * an unknown code answers nulls (the landing then shows nothing).
 */
export const InviteCodeMetadataResource = resourceContract({
  name: 'InviteCodeMetadataResource',
  verbs: {
    get: {
      input: z.object({ invite_code: z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, 'Not an invite code.') }),
      output: z.object({
        sender: z
          .object({
            id: z.string(),
            first_name: z.string(),
            full_name: z.string(),
            image_medium_url: z.string().nullable(),
            should_show_messaging: z.boolean(),
          })
          .nullable(),
        invite_channel: z.number().nullable(),
      }),
    },
  },
});
