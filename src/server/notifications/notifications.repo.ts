import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { NotificationActorsTable, NotificationRow, NotificationsTable } from '../db/schema/notifications.ts';

/** Rows per statement: 13 columns × 1000 stays under SQLite's and PostgreSQL's bound parameters. */
export const CHUNK = 1000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Of `ids`, those who turned `kind` off in the app. */
export async function inAppOff(db: Db, ids: readonly string[], kind: string): Promise<Set<string>> {
  const off = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('notification_settings')
      .select('user_id')
      .where('user_id', 'in', part)
      .where('kind', '=', kind)
      .where('channel', '=', 'in_app')
      .where('enabled', '=', 0)
      .execute();
    for (const r of rows) off.add(r.user_id);
  }
  return off;
}

/** Of `ids`, those who turned mention notifications off in their interaction settings. */
export async function mentionsOff(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('member_settings').select('user_id').where('user_id', 'in', ids).where('mention_notifications', '=', 0).execute();
  return new Set(rows.map((r) => r.user_id));
}

type OpenGroup = Pick<NotificationRow, 'id' | 'recipient_id' | 'created_at' | 'seen_at'>;

/** The newest unseen group of `groupKey` of each recipient begun since `since`. */
export async function openGroups(db: Db, recipients: readonly string[], groupKey: string, since: number): Promise<Map<string, OpenGroup>> {
  const latest = new Map<string, OpenGroup>();
  for (const part of chunks(recipients)) {
    const rows = await db
      .selectFrom('notifications')
      .select(['id', 'recipient_id', 'created_at', 'seen_at'])
      .where('recipient_id', 'in', part)
      .where('group_key', '=', groupKey)
      .where('seen_at', 'is', null)
      .where('created_at', '>=', since)
      .execute();
    for (const row of rows) {
      const seen = latest.get(row.recipient_id);
      if (!seen || row.created_at > seen.created_at) latest.set(row.recipient_id, row);
    }
  }
  return latest;
}

/** Of the groups `ids`, those `actorId` is already in. */
export async function groupsWithActor(db: Db, ids: readonly string[], actorId: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('notification_actors')
      .select('notification_id')
      .where('notification_id', 'in', part)
      .where('actor_id', '=', actorId)
      .execute();
    for (const r of rows) found.add(r.notification_id);
  }
  return found;
}

export async function insertNotifications(db: Db, rows: readonly Insertable<NotificationsTable>[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('notifications').values(part).execute();
}

export async function insertNotificationActors(db: Db, rows: readonly Insertable<NotificationActorsTable>[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('notification_actors').values(part).execute();
}

/** Another event joins open groups: the newest person and time move; a new person raises the count. */
export async function growGroups(db: Db, ids: readonly string[], actorId: string, newActor: boolean, now: number): Promise<void> {
  for (const part of chunks(ids)) {
    await db
      .updateTable('notifications')
      .set((eb) => ({
        latest_actor_id: actorId,
        updated_at: now,
        event_count: eb('event_count', '+', 1),
        actor_count: newActor ? eb('actor_count', '+', 1) : eb.ref('actor_count'),
      }))
      .where('id', 'in', part)
      .execute();
  }
}

/** Each recipient's unseen notifications, zero included. */
export async function unseenCounts(db: Db, recipients: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map(recipients.map((id) => [id, 0]));
  for (const part of chunks(recipients)) {
    const rows = await db
      .selectFrom('notifications')
      .select(['recipient_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('recipient_id', 'in', part)
      .where('seen_at', 'is', null)
      .groupBy('recipient_id')
      .execute();
    for (const r of rows) counts.set(r.recipient_id, Number(r.n));
  }
  return counts;
}

/** A page of a member's news hub, newest first, after the cursor. */
export async function notificationPage(db: Db, recipientId: string, limit: number, before?: { at: number; id: string }): Promise<NotificationRow[]> {
  let query = db.selectFrom('notifications').selectAll().where('recipient_id', '=', recipientId);
  if (before) query = query.where((eb) => eb.or([eb('updated_at', '<', before.at), eb.and([eb('updated_at', '=', before.at), eb('id', '<', before.id)])]));
  return query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The newest people of each group, newest first. */
export async function actorsOf(db: Db, notificationIds: readonly string[]): Promise<Map<string, string[]>> {
  const byGroup = new Map<string, string[]>();
  if (notificationIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('notification_actors')
    .select(['notification_id', 'actor_id'])
    .where('notification_id', 'in', notificationIds)
    .orderBy('created_at', 'desc')
    .orderBy('actor_id', 'desc')
    .execute();
  for (const r of rows) byGroup.set(r.notification_id, [...(byGroup.get(r.notification_id) ?? []), r.actor_id]);
  return byGroup;
}

/** Marks the member's unseen notifications seen (only `ids` when given); answers how many it marked. */
export async function markSeen(db: Db, recipientId: string, ids: readonly string[] | undefined, now: number): Promise<number> {
  let query = db.updateTable('notifications').set({ seen_at: now }).where('recipient_id', '=', recipientId).where('seen_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Takes `actorId` out of every group of `recipientId`'s; answers the groups it left. */
export async function dropActor(db: Db, recipientId: string, actorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('notification_actors')
    .innerJoin('notifications', 'notifications.id', 'notification_actors.notification_id')
    .select('notifications.id')
    .where('notifications.recipient_id', '=', recipientId)
    .where('notification_actors.actor_id', '=', actorId)
    .execute();
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) await db.deleteFrom('notification_actors').where('notification_id', 'in', ids).where('actor_id', '=', actorId).execute();
  return ids;
}

/** Groups recounted from their people: one left empty is gone, the others name their newest person. */
export async function recountGroups(db: Db, ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const people = await db.selectFrom('notification_actors').select('actor_id').where('notification_id', '=', id).orderBy('created_at', 'desc').execute();
    const newest = people[0];
    if (!newest) await db.deleteFrom('notifications').where('id', '=', id).execute();
    else await db.updateTable('notifications').set({ actor_count: people.length, latest_actor_id: newest.actor_id }).where('id', '=', id).execute();
  }
}
