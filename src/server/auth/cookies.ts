import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply } from 'fastify';
import { AGE_RESTRICTED_COOKIE, AGE_RESTRICTION_SECONDS } from '../../shared/signup.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const BROWSER_TTL_SECONDS = 365 * 24 * 60 * 60;

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

/**
 * Over https the session cookies carry the __Host- prefix: the browser then only accepts them
 * Secure, from this exact host, with Path=/, so a sibling subdomain cannot plant or shadow them.
 * Plain http (a LAN address) cannot use the prefix and gets the bare names.
 */
export function cookieNames(secureCookies: boolean) {
  const prefix = secureCookies ? '__Host-' : '';
  return {
    session: `${prefix}corkboard_sess`,
    browser: `${prefix}corkboard_browser`,
    /** The sessions of the browser's other signed-in accounts (session-accounts.service.ts). */
    accounts: `${prefix}corkboard_accounts`,
    csrf: CSRF_COOKIE,
    ageRestricted: AGE_RESTRICTED_COOKIE,
  };
}

function base(secureCookies: boolean): CookieSerializeOptions {
  return { path: '/', sameSite: 'lax', secure: secureCookies };
}

export function sessionCookieOptions(secureCookies: boolean): CookieSerializeOptions {
  return { ...base(secureCookies), httpOnly: true, maxAge: SESSION_TTL_MS / 1000 };
}

/** Identifies the browser across sign-ins, for the list of accounts used on it. */
export function browserCookieOptions(secureCookies: boolean): CookieSerializeOptions {
  return { ...base(secureCookies), httpOnly: true, maxAge: BROWSER_TTL_SECONDS };
}

/** Readable by scripts: the client copies it into the X-CSRFToken header (double submit). */
export function csrfCookieOptions(secureCookies: boolean): CookieSerializeOptions {
  return { ...base(secureCookies), httpOnly: false };
}

export function ageRestrictedCookieOptions(secureCookies: boolean): CookieSerializeOptions {
  return { ...base(secureCookies), httpOnly: false, maxAge: AGE_RESTRICTION_SECONDS };
}

export function setSessionCookies(reply: FastifyReply, secureCookies: boolean, sessionId: string, csrf: string): void {
  const names = cookieNames(secureCookies);
  reply.setCookie(names.session, sessionId, sessionCookieOptions(secureCookies));
  reply.setCookie(names.csrf, csrf, csrfCookieOptions(secureCookies));
}

/** After logout: no session cookie, and a new CSRF token unrelated to the ended session. */
export function clearSessionCookies(reply: FastifyReply, secureCookies: boolean, newCsrf: string): void {
  const names = cookieNames(secureCookies);
  reply.clearCookie(names.session, { ...sessionCookieOptions(secureCookies), maxAge: 0 });
  reply.setCookie(names.csrf, newCsrf, csrfCookieOptions(secureCookies));
}

/** Accounts a browser keeps signed in besides the active one (five in all). */
export const MAX_WAITING = 4;

/** The other signed-in accounts' sessions (session-accounts.service.ts); none: the cookie goes. */
export function setStoredSessions(reply: FastifyReply, secureCookies: boolean, sessionIds: readonly string[]): void {
  const names = cookieNames(secureCookies);
  if (sessionIds.length === 0) reply.clearCookie(names.accounts, { ...sessionCookieOptions(secureCookies), maxAge: 0 });
  else reply.setCookie(names.accounts, sessionIds.slice(0, MAX_WAITING).join('.'), sessionCookieOptions(secureCookies));
}
