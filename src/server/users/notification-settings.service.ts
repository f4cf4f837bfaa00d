import type { NotificationSettings, NotificationSettingsChange } from '../../shared/contracts/settings.ts';
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, type NotificationChannel, type NotificationKind } from '../../shared/member-settings.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { readNotificationSwitches, writeNotificationSwitches, type NotificationSwitch } from './member-settings.repo.ts';

/** Every kind on every channel, on: what a member who never changed a switch is told. */
function allOn(): NotificationSettings {
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, true]))])) as NotificationSettings;
}

/** The stored switches over the defaults; a row of a kind or channel no longer offered is ignored. */
export function notificationSettingsOf(rows: readonly { kind: string; channel: string; enabled: number }[]): NotificationSettings {
  const settings = allOn();
  for (const row of rows) {
    const kind = NOTIFICATION_KINDS.find((k) => k === row.kind);
    const channel = NOTIFICATION_CHANNELS.find((c) => c === row.channel);
    if (kind && channel) settings[kind][channel] = row.enabled === 1;
  }
  return settings;
}

export function switchesOf(change: NotificationSettingsChange): NotificationSwitch[] {
  return NOTIFICATION_KINDS.flatMap((kind: NotificationKind) =>
    NOTIFICATION_CHANNELS.flatMap((channel: NotificationChannel) => {
      const enabled = change[kind]?.[channel];
      return enabled === undefined ? [] : [{ kind, channel, enabled }];
    }),
  );
}

/** NotificationSettingsResource get. */
export async function getNotificationSettings(deps: Deps, actor: Actor): Promise<NotificationSettings> {
  const member = requireSession(actor);
  return notificationSettingsOf(await readNotificationSwitches(deps.db, member.userId));
}

/** NotificationSettingsResource update: the switches named change, the rest stay. */
export async function updateNotificationSettings(deps: Deps, actor: Actor, change: NotificationSettingsChange): Promise<NotificationSettings> {
  const member = requireSession(actor);
  await transact(deps.db, async (trx) => {
    await writeNotificationSwitches(trx, member.userId, switchesOf(change), Date.now());
    await deps.events.record(trx, member.userId, { type: 'settings.changed', userId: member.userId, area: 'notifications' });
  });
  return notificationSettingsOf(await readNotificationSwitches(deps.db, member.userId));
}

/** Whether a member wants news of `kind` on `channel`: what the notifications area asks before telling them. */
export async function wantsNotification(deps: Deps, userId: string, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
  return notificationSettingsOf(await readNotificationSwitches(deps.db, userId))[kind][channel];
}
