import type { Db } from '../db/database.ts';
import type { Flag } from '../db/schema/flag.ts';
import type { MemberSettingsTable } from '../db/schema/settings.ts';
import type { InteractionAudience, NotificationChannel, NotificationKind } from '../../shared/member-settings.ts';

/** The member_settings of a member who never changed one: what the migration's defaults say. */
export const DEFAULT_MEMBER_SETTINGS: Omit<MemberSettingsTable, 'user_id' | 'updated_at'> = {
  is_private_profile: 0,
  exclude_from_search: 0,
  mention_audience: 'everyone',
  comment_audience: 'everyone',
  message_audience: 'everyone',
  mention_notifications: 1,
  contact_requests: 1,
};

export type MemberSettingsValues = typeof DEFAULT_MEMBER_SETTINGS;
export type MemberSettingsChange = Partial<MemberSettingsValues>;

export const flag = (value: boolean): Flag => (value ? 1 : 0);

export async function readMemberSettings(db: Db, userId: string): Promise<MemberSettingsValues> {
  const row = await db.selectFrom('member_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return DEFAULT_MEMBER_SETTINGS;
  const { user_id: _user, updated_at: _updated, ...values } = row;
  return values;
}

/** Writes the changed columns; the first change of a member makes their row from the defaults. */
export async function writeMemberSettings(db: Db, userId: string, change: MemberSettingsChange, now: number): Promise<void> {
  await db
    .insertInto('member_settings')
    .values({ ...DEFAULT_MEMBER_SETTINGS, ...change, user_id: userId, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...change, updated_at: now }))
    .execute();
}

/** The audience a member chose for one kind of interaction. */
export async function audienceOf(db: Db, userId: string, column: 'mention_audience' | 'comment_audience' | 'message_audience'): Promise<InteractionAudience> {
  const row = await db.selectFrom('member_settings').select(column).where('user_id', '=', userId).executeTakeFirst();
  return (row?.[column] ?? DEFAULT_MEMBER_SETTINGS[column]) as InteractionAudience;
}

export async function follows(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether the member of this username keeps their pages out of search engines: indexing turned
 * off, or a private profile. Unknown names are not hidden (their pages are 404s anyway).
 */
export async function isHiddenFromSearchEngines(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .innerJoin('member_settings', 'member_settings.user_id', 'users.id')
    .select(['member_settings.exclude_from_search', 'member_settings.is_private_profile'])
    .where('users.username', '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined && (row.exclude_from_search === 1 || row.is_private_profile === 1);
}

export type NotificationSwitch = { kind: NotificationKind; channel: NotificationChannel; enabled: boolean };

export async function readNotificationSwitches(db: Db, userId: string): Promise<{ kind: string; channel: string; enabled: Flag }[]> {
  return db.selectFrom('notification_settings').select(['kind', 'channel', 'enabled']).where('user_id', '=', userId).execute();
}

export async function writeNotificationSwitches(db: Db, userId: string, switches: readonly NotificationSwitch[], now: number): Promise<void> {
  if (switches.length === 0) return;
  await db
    .insertInto('notification_settings')
    .values(switches.map((s) => ({ user_id: userId, kind: s.kind, channel: s.channel, enabled: flag(s.enabled), updated_at: now })))
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'channel']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled'), updated_at: now })))
    .execute();
}
