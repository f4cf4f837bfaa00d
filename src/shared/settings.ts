/** The settings page itself (it opens on the account area): what the account menu's Settings link opens. */
export const SETTINGS_HOME = '/settings';

/**
 * Every settings area of the spec and the path that serves it; the settings navigation lists them
 * in this order, grouped. Their routes come from the handler files' names under src/web/routes.
 */
export const SETTINGS_PATHS = {
  profile: '/settings/profile',
  account: '/settings/account-settings',
  email: '/settings/edit/email',
  password: '/settings/edit/password',
  privacy: '/settings/privacy',
  permissions: '/settings/permissions',
  mentions: '/settings/edit/mentions',
  messages: '/settings/messages',
  notifications: '/settings/notifications',
  websites: '/settings/claim',
  twoFactor: '/settings/security/two-factor',
  sessions: '/settings/security/sessions',
  accessTokens: '/settings/security/tokens',
  parentalPasscode: '/parental-passcode',
  downloadData: '/settings/download-data',
  deleteAccount: '/settings/delete-account',
} as const;

export type SettingsArea = keyof typeof SETTINGS_PATHS;

/** The settings navigation's groups, in order; a group's label key is `settings.group.<name>`. */
export const SETTINGS_GROUPS: readonly { name: string; areas: readonly SettingsArea[] }[] = [
  { name: 'you', areas: ['profile', 'account', 'email', 'password'] },
  { name: 'privacy', areas: ['privacy', 'permissions', 'mentions', 'messages', 'notifications'] },
  { name: 'security', areas: ['twoFactor', 'sessions', 'accessTokens', 'parentalPasscode', 'websites'] },
  { name: 'data', areas: ['downloadData', 'deleteAccount'] },
];

/** The longest about text a profile keeps (the server's check and the edit form's field). */
export const ABOUT_MAX = 500;

/** Handlers only a signed-in viewer may open; the page server sends visitors to log in first. */
export function requiresSignIn(handlerId: string): boolean {
  return handlerId === 'settings' || handlerId.startsWith('settings/') || handlerId === 'pin-builder' || handlerId === 'parental-passcode';
}
