import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { channelOff, insertDeliveries, withDevices } from './delivery.repo.ts';

/**
 * What the news hub owes by push and email (docs/decisions/0053-push-and-email.md), written with
 * the notifications in the subscriber's transaction, so a crash loses or doubles none: a push now
 * to members with a device subscribed, a mail once the notification had `mailDelayMs` to be seen
 * in the app. Switches are checked here (no row for a member who turned the channel off) and
 * again when sending (they may change in between).
 */
export async function oweDeliveries(db: Db, groups: ReadonlyMap<string, string>, kind: string, now: number, mailDelayMs: number): Promise<void> {
  const recipients = [...groups.keys()];
  const subscribed = await withDevices(db, recipients);
  const pushOff = await channelOff(db, recipients, kind, 'push');
  const emailOff = await channelOff(db, recipients, kind, 'email');
  const row = (recipient_id: string, channel: 'push' | 'email', due_at: number) => ({
    id: newId(),
    notification_id: groups.get(recipient_id) ?? '',
    recipient_id,
    channel,
    kind,
    due_at,
  });
  await insertDeliveries(db, [
    ...recipients.filter((id) => subscribed.has(id) && !pushOff.has(id)).map((id) => row(id, 'push', now)),
    ...recipients.filter((id) => !emailOff.has(id)).map((id) => row(id, 'email', now + mailDelayMs)),
  ]);
}
