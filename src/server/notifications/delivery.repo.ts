import type { Insertable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { NotificationDeliveriesTable } from '../db/schema/delivery.ts';
import type { NotificationRow } from '../db/schema/notifications.ts';
import { CHUNK } from './notifications.repo.ts';

/** A key the instance made once, or this one if none was made yet: the first node to write wins. */
export async function keepInstanceKey(db: Db, name: string, fresh: string, now: number): Promise<string> {
  await db
    .insertInto('instance_keys')
    .values({ name, value: fresh, created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('instance_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

export type PushSubscriptionRow = { id: string; endpoint: string; p256dh: string; auth: string };

/** Stores a device's subscription for `userId`: an endpoint names one browser profile, so it moves to whoever registers it now. */
export async function savePushSubscription(db: Db, row: PushSubscriptionRow & { user_id: string; created_at: number }): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
  await db.insertInto('push_subscriptions').values(row).execute();
}

export async function deletePushSubscription(db: Db, userId: string, endpoint: string): Promise<number> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function dropPushSubscription(db: Db, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export function pushSubscriptionsOf(db: Db, userId: string): Promise<PushSubscriptionRow[]> {
  return db.selectFrom('push_subscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('user_id', '=', userId).orderBy('id').execute();
}

export async function insertDeliveries(db: Db, rows: readonly Insertable<NotificationDeliveriesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK / 2)
    await db
      .insertInto('notification_deliveries')
      .values(rows.slice(i, i + CHUNK / 2))
      .execute();
}

export type DueDelivery = { id: string; notification_id: string; recipient_id: string; kind: string; due_at: number };

/** The oldest deliveries of `channel` due by `now`. */
export function dueDeliveries(db: Db, channel: 'push' | 'email', now: number, limit: number): Promise<DueDelivery[]> {
  return db
    .selectFrom('notification_deliveries')
    .select(['id', 'notification_id', 'recipient_id', 'kind', 'due_at'])
    .where('channel', '=', channel)
    .where('due_at', '<=', now)
    .orderBy('due_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteDeliveries(db: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += CHUNK)
    await db
      .deleteFrom('notification_deliveries')
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
}

/** Of `userIds`, those who turned `channel` off for `kind`. */
export async function channelOff(db: Db, userIds: readonly string[], kind: string, channel: 'push' | 'email'): Promise<Set<string>> {
  const off = new Set<string>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('notification_settings')
      .select('user_id')
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .where('kind', '=', kind)
      .where('channel', '=', channel)
      .where('enabled', '=', 0)
      .execute();
    for (const r of rows) off.add(r.user_id);
  }
  return off;
}

/** Of `userIds`, those with at least one device subscribed to push. */
export async function withDevices(db: Db, userIds: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < userIds.length; i += CHUNK) {
    const rows = await db
      .selectFrom('push_subscriptions')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', userIds.slice(i, i + CHUNK))
      .execute();
    for (const r of rows) found.add(r.user_id);
  }
  return found;
}

/** The notifications named, newest first. */
export function notificationsByIds(db: Db, ids: readonly string[]): Promise<NotificationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('notifications').selectAll().where('id', 'in', ids).orderBy('updated_at', 'desc').execute();
}

/** When the member's last digest was written, if ever. */
export async function lastDigestAt(db: Db, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('notification_digests')
    .select('created_at')
    .where('recipient_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

export async function insertDigest(db: Db, row: { id: string; recipient_id: string; mail: string; created_at: number }): Promise<void> {
  await db
    .insertInto('notification_digests')
    .values({ ...row, sent_at: null })
    .execute();
}

export function unsentDigests(db: Db, limit: number): Promise<{ id: string; mail: string }[]> {
  return db.selectFrom('notification_digests').select(['id', 'mail']).where('sent_at', 'is', null).orderBy('created_at').limit(limit).execute();
}

export async function markDigestSent(db: Db, id: string, now: number): Promise<void> {
  await db.updateTable('notification_digests').set({ sent_at: now }).where('id', '=', id).execute();
}

export function memberAddress(db: Db, userId: string): Promise<{ email: string; locale: string } | undefined> {
  return db.selectFrom('users').select(['email', 'locale']).where('id', '=', userId).executeTakeFirst();
}
