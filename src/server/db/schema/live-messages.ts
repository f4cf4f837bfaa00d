/** The member log and messages (migration 0028, docs/decisions/0049-member-log-and-messages.md). */
export type MemberLogHeadsTable = { member_id: string; last_seq: number };

export type MemberLogTable = { member_id: string; seq: number; kind: string; payload: string; created_at: number };

export type ConversationsTable = {
  id: string;
  creator_id: string;
  name: string | null;
  is_group: number;
  last_seq: number;
  last_message_at: number;
  created_at: number;
};

export type ConversationMemberStatus = 'accepted' | 'request' | 'declined';

export type ConversationMembersTable = {
  conversation_id: string;
  user_id: string;
  status: ConversationMemberStatus;
  read_seq: number;
  joined_at: number;
};

export type MessagesTable = {
  id: string;
  conversation_id: string;
  seq: number;
  sender_id: string;
  client_id: string;
  text: string;
  pin_id: string | null;
  board_id: string | null;
  user_id: string | null;
  did_it_id: string | null;
  created_at: number;
};

export type MessageSettingsTable = { user_id: string; allow_from: 'everyone' | 'following' | 'nobody' };

/** An invite link's code: who shared it and through which channel (business spec section 3). */
export type InviteCodesTable = { code: string; sender_id: string; channel: number; created_at: number };
