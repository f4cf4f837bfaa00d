import type { SettingsGroups } from '../../shared/contracts/notifications.ts';
import { NOTIFICATION_KINDS, type NotificationChannel } from '../../shared/member-settings.ts';
import type { Actor } from '../access/actor.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../deps.ts';
import { getNotificationSettings, updateNotificationSettings } from '../users/notification-settings.service.ts';

/**
 * /v3/settings/news/ and /v3/settings/push/ (business spec sections 3 and 4: "groups of options
 * with id and value"): the notification settings seen as one group per kind of news, news holding
 * the in-app and email options and push the web push one. Both read and write the same switches
 * as the settings page (NotificationSettingsResource), so neither can disagree with it.
 */
export type SettingsPage = 'news' | 'push';

const OPTIONS: Record<SettingsPage, readonly NotificationChannel[]> = { news: ['in_app', 'email'], push: ['push'] };

export async function settingsGroups(deps: Deps, actor: Actor, page: SettingsPage): Promise<SettingsGroups> {
  const settings = await getNotificationSettings(deps, actor);
  return NOTIFICATION_KINDS.map((kind) => ({ id: kind, options: OPTIONS[page].map((channel) => ({ id: channel, value: settings[kind][channel] })) }));
}

export async function changeSettingsGroups(deps: Deps, actor: Actor, page: SettingsPage, groups: SettingsGroups): Promise<SettingsGroups> {
  const change: Partial<Record<(typeof NOTIFICATION_KINDS)[number], Partial<Record<NotificationChannel, boolean>>>> = {};
  for (const group of groups) {
    for (const option of group.options) {
      const channel = OPTIONS[page].find((c) => c === option.id);
      if (!channel) throw new AppError('bad_request', `groups: ${group.id} has no option ${option.id} in ${page} settings.`);
      change[group.id] = { ...change[group.id], [channel]: option.value };
    }
  }
  await updateNotificationSettings(deps, actor, change);
  return settingsGroups(deps, actor, page);
}
