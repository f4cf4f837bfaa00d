import type { Selectable } from 'kysely';

// The news hub (migration 0029, docs/decisions/0050-notifications.md).

/** One notification as a member sees it: a group of people who did `type` to the same subject within the window. */
export type NotificationsTable = {
  id: string;
  recipient_id: string;
  type: string;
  group_key: string;
  pin_id: string | null;
  board_id: string | null;
  comment_id: string | null;
  latest_actor_id: string;
  /** How many different people the group holds (its notification_actors rows). */
  actor_count: number;
  /** How many events joined it (a person commenting twice counts twice here, once above). */
  event_count: number;
  created_at: number;
  updated_at: number;
  seen_at: number | null;
};

export type NotificationActorsTable = {
  notification_id: string;
  actor_id: string;
  created_at: number;
};

export type NotificationRow = Selectable<NotificationsTable>;
