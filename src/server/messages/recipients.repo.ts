import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MessagesAllowFrom } from '../../shared/contracts/messages.ts';

/** Who may message each member (`everyone` unless they chose otherwise), for members that exist. */
export async function allowFromOf(db: Db, userIds: readonly string[]): Promise<Map<string, MessagesAllowFrom>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .leftJoin('message_settings as s', 's.user_id', 'users.id')
    .select(['users.id', 's.allow_from'])
    .where('users.id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.allow_from ?? 'everyone']));
}

export async function saveAllowFrom(db: Db, userId: string, allowFrom: MessagesAllowFrom): Promise<void> {
  await db
    .insertInto('message_settings')
    .values({ user_id: userId, allow_from: allowFrom })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ allow_from: allowFrom }))
    .execute();
}

/** Of `userIds`, those who follow `followeeId`. */
export async function followersAmong(db: Db, followeeId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('user_follows')
    .select('follower_id')
    .where('followee_id', '=', followeeId)
    .where('follower_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((r) => r.follower_id));
}

/** Members by account email (compared without case). */
export async function userIdsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const lower = emails.map((e) => e.toLowerCase());
  const rows = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', lower).execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** People to send to: whom the member messaged last (direct conversations), then whom they follow. */
export async function shareCandidates(db: Db, userId: string, withGroups: boolean, limit: number): Promise<string[]> {
  let recent = db
    .selectFrom('conversation_members as mine')
    .innerJoin('conversations as c', 'c.id', 'mine.conversation_id')
    .innerJoin('conversation_members as other', 'other.conversation_id', 'c.id')
    .select(['other.user_id', 'c.last_message_at'])
    .where('mine.user_id', '=', userId)
    .where('mine.status', '=', 'accepted')
    .where('other.user_id', '<>', userId);
  if (!withGroups) recent = recent.where('c.is_group', '=', 0);
  const talked = await recent.orderBy('c.last_message_at', 'desc').limit(limit).execute();
  const followed = await db
    .selectFrom('user_follows')
    .select('followee_id')
    .where('follower_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return [...new Set([...talked.map((r) => r.user_id), ...followed.map((r) => r.followee_id)])].slice(0, limit);
}

/** Members whose username or name starts with the query (without case). */
export async function usersMatching(db: Db, query: string, limit: number): Promise<string[]> {
  const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['username']), 'like', sql<string>`${prefix} escape '\\'`),
        eb(eb.fn('lower', ['first_name']), 'like', sql<string>`${prefix} escape '\\'`),
        eb(eb.fn('lower', ['last_name']), 'like', sql<string>`${prefix} escape '\\'`),
      ]),
    )
    .orderBy('username')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
