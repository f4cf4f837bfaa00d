import type { Selectable } from 'kysely';
import type { Flag } from './flag.ts';

// A member's settings (migration 0018, docs/decisions/0039-member-settings.md).

export type MemberSettingsTable = {
  user_id: string;
  is_private_profile: Flag;
  /** Search-engine indexing off: the member's pages say noindex and leave the sitemaps. */
  exclude_from_search: Flag;
  /** An InteractionAudience: everyone, following (people the member follows) or nobody. */
  mention_audience: string;
  comment_audience: string;
  message_audience: string;
  mention_notifications: Flag;
  contact_requests: Flag;
  updated_at: number;
};

/** One switch of the notification settings: a kind of news on one channel. Absent rows are on. */
export type NotificationSettingsTable = {
  user_id: string;
  kind: string;
  channel: string;
  enabled: Flag;
  updated_at: number;
};

/** A new address waiting for its owner to follow the mailed link; only the link's hash is kept. */
export type EmailChangesTable = {
  token_hash: string;
  user_id: string;
  new_email: string;
  old_email: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type MemberSettingsRow = Selectable<MemberSettingsTable>;
