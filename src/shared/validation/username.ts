import { z } from 'zod';

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

export const USERNAME_MESSAGES = {
  required: 'Required',
  characters: 'Usernames can only contain letters, numbers and underscores.',
  length: `Usernames must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters long.`,
  reserved: 'That username is not available.',
} as const;

/**
 * Profiles live at /:username, so every first path segment the site itself uses is reserved,
 * plus names that would mislead people.
 */
const RESERVED = new Set([
  'about',
  'admin',
  'administrator',
  'ads',
  'advertiser',
  'api',
  'app',
  'assets',
  'boards',
  'business',
  'corkboard',
  'create',
  'discover',
  'email',
  'explore',
  'favicon',
  'graphql',
  'healthz',
  'help',
  'homefeed',
  'ideas',
  'inbox',
  'login',
  'logout',
  'manifest',
  'media',
  'me',
  'messages',
  'metrics',
  'news',
  'notifications',
  'null',
  'nux',
  'oauth',
  'password',
  'pin',
  'pins',
  'privacy',
  'readyz',
  'refresh',
  'register',
  'resource',
  'robots',
  'root',
  'search',
  'settings',
  'shopping',
  'signup',
  'sitemap',
  'static',
  'support',
  'system',
  'terms',
  'today',
  'topics',
  'undefined',
  'videos',
  'www',
]);

const USERNAME_CHARACTERS = /^[a-z0-9_]*$/;

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function isReservedUsername(username: string): boolean {
  const name = normalizeUsername(username);
  return RESERVED.has(name) || /^(refresh|v\d+|_)/.test(name);
}

/** The message to show for a chosen username, or null when it is acceptable. */
export function usernameProblem(raw: string): string | null {
  const name = normalizeUsername(raw);
  if (name.length === 0) return USERNAME_MESSAGES.required;
  if (!USERNAME_CHARACTERS.test(name)) return USERNAME_MESSAGES.characters;
  if (name.length < USERNAME_MIN_LENGTH || name.length > USERNAME_MAX_LENGTH) return USERNAME_MESSAGES.length;
  if (isReservedUsername(name)) return USERNAME_MESSAGES.reserved;
  return null;
}

/** A chosen username, lowercased: usernames are unique regardless of case. */
export const Username = z
  .string()
  .max(256, USERNAME_MESSAGES.length)
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform(normalizeUsername);
