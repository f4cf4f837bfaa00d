import type { NotificationKind } from './member-settings.ts';

/**
 * What the news hub tells a member of (docs/decisions/0050-notifications.md), and the kind of
 * news each belongs to in the notification settings: a switch turns off every type of its kind.
 */
export const NOTIFICATION_TYPES = [
  'follow',
  'follow_request',
  'save',
  'reaction',
  'comment',
  'reply',
  'mention',
  'did_it',
  'did_it_comment',
  'board_invite',
  'board_request',
  'ownership_offer',
  'board_activity',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const KIND_OF_TYPE: Record<NotificationType, NotificationKind> = {
  follow: 'new_followers',
  follow_request: 'new_followers',
  save: 'saves',
  reaction: 'saves',
  board_activity: 'saves',
  comment: 'comments',
  reply: 'comments',
  did_it: 'comments',
  did_it_comment: 'comments',
  mention: 'mentions',
  board_invite: 'board_invitations',
  board_request: 'board_invitations',
  ownership_offer: 'board_invitations',
};

/** How long a group stays open to more people: after a day, or once seen, the next one starts a new notification. */
export const GROUP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How many of a group's people a notification names and shows (the rest are "and N others"). */
export const SHOWN_ACTORS = 3;

/** A group still open to `now`: not seen yet and begun within the window. */
export function isOpenGroup(group: { created_at: number; seen_at: number | null }, now: number): boolean {
  return group.seen_at === null && now - group.created_at < GROUP_WINDOW_MS;
}

/**
 * Who did it, as a notification names them: one person by name, two by both names, more by the
 * newest and a count of the others ("Ana and 4 others"; the plural form follows `count`). Each
 * type's text puts this phrase where its language wants it (newsHub.type.*).
 */
export function notificationMessage(names: readonly string[], actorCount: number): { key: string; values: Record<string, string | number> } {
  const [first = '', second = ''] = names;
  if (actorCount <= 1 || names.length === 1)
    return actorCount <= 1
      ? { key: 'newsHub.people.one', values: { name: first } }
      : { key: 'newsHub.people.many', values: { name: first, count: actorCount - 1 } };
  if (actorCount === 2 && second !== '') return { key: 'newsHub.people.two', values: { name: first, other: second } };
  return { key: 'newsHub.people.many', values: { name: first, count: actorCount - 1 } };
}
