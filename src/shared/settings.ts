/** The settings pages this client serves; their routes come from the handler files' names. */
export const SETTINGS_PATHS = {
  profile: '/settings/profile',
  password: '/settings/edit/password',
  accessTokens: '/settings/security/tokens',
  twoFactor: '/settings/security/two-factor',
} as const;

/** The longest about text a profile keeps (the server's check and the edit form's field). */
export const ABOUT_MAX = 500;

/** Handlers only a signed-in viewer may open; the page server sends visitors to log in first. */
export function requiresSignIn(handlerId: string): boolean {
  return handlerId === 'settings' || handlerId.startsWith('settings/') || handlerId === 'pin-builder';
}
