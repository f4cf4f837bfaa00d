import { safeEqual } from '../common/secrets.ts';

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type CsrfInput = {
  method: string;
  /** The X-CSRFToken header, if any. */
  header: string | undefined;
  /** The csrftoken cookie, if any. */
  cookie: string | undefined;
  /** For a signed-in session, the token bound to it; null for a visitor. */
  sessionSecret: string | null;
  /** Calls with a bearer token carry no ambient credentials, so forging them gains nothing. */
  bearer: boolean;
};

/**
 * Double-submit check: a page of another site can make the browser send our cookies but can
 * neither read them nor set the header. For a session the token must also be the one issued
 * with that session, so a token planted before sign-in (or taken from another session) fails.
 */
export function csrfAllows(input: CsrfInput): boolean {
  if (!UNSAFE_METHODS.has(input.method.toUpperCase()) || input.bearer) return true;
  const { header, cookie, sessionSecret } = input;
  if (!header || !cookie) return false;
  const matchesCookie = safeEqual(header, cookie);
  const matchesSession = sessionSecret === null || safeEqual(header, sessionSecret);
  return matchesCookie && matchesSession;
}
