import {
  AccountSettingsResource,
  InteractionSettingsResource,
  NotificationSettingsResource,
  PrivacySettingsResource,
} from '../../shared/contracts/settings.ts';
import { defineResource, type Resource } from '../http/resources.ts';
import { getAccountSettings, updateAccountSettings } from './account-settings.service.ts';
import { getInteractionSettings, updateInteractionSettings } from './interaction-settings.service.ts';
import { getNotificationSettings, updateNotificationSettings } from './notification-settings.service.ts';
import { getPrivacySettings, updatePrivacySettings } from './privacy-settings.service.ts';

/** The settings areas a member keeps about themselves (docs/decisions/0039-member-settings.md). */
export const settingsResources: Resource[] = [
  defineResource(AccountSettingsResource, {
    get: async ({ actor, deps }) => ({ data: await getAccountSettings(deps, actor) }),
    update: async ({ input, actor, deps }) => ({ data: await updateAccountSettings(deps, actor, input) }),
  }),
  defineResource(PrivacySettingsResource, {
    get: async ({ actor, deps }) => ({ data: await getPrivacySettings(deps, actor) }),
    update: async ({ input, actor, deps }) => ({ data: await updatePrivacySettings(deps, actor, input) }),
  }),
  defineResource(InteractionSettingsResource, {
    get: async ({ actor, deps }) => ({ data: await getInteractionSettings(deps, actor) }),
    update: async ({ input, actor, deps }) => ({ data: await updateInteractionSettings(deps, actor, input) }),
  }),
  defineResource(NotificationSettingsResource, {
    get: async ({ actor, deps }) => ({ data: await getNotificationSettings(deps, actor) }),
    update: async ({ input, actor, deps }) => ({ data: await updateNotificationSettings(deps, actor, input) }),
  }),
];
