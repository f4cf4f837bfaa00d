/**
 * Where a visitor goes after signing in (the `next` parameter) and where a limited-login viewer
 * returns after verifying the email (the limited-login prompt's next-location memory). Only paths
 * of this site qualify: never `//other.example`, a full URL, or a path a browser would read as one.
 */

const MAX_NEXT_LENGTH = 2048;

// Browsers drop tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The same-site path `next` names, or null when it names anything else. */
export function sameSitePath(next: string | null | undefined, origin: string): string | null {
  if (!next || next.length > MAX_NEXT_LENGTH || hasControlCharacter(next)) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  return url.pathname + url.search + url.hash;
}

/** The page after sign-in: the query's `next` when it is a path of this site, the home page otherwise. */
export function nextAfterLogin(search: string, origin: string): string {
  return sameSitePath(new URLSearchParams(search).get('next'), origin) ?? '/';
}

/** The login page that comes back to `location` (a path with its query) afterwards. */
export function loginPathFor(location: string): string {
  return location === '/' ? '/login' : `/login?next=${encodeURIComponent(location)}`;
}

/** The memory lasts as long as the mailed verification link. */
export const NEXT_LOCATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type NextLocationRecord = { path: string; savedAt: number };

export function nextLocationRecord(path: string, now: number): string {
  return JSON.stringify({ path, savedAt: now } satisfies NextLocationRecord);
}

/** The remembered path, if the stored record is well formed, fresh and of this site. */
export function rememberedLocation(stored: string | null, now: number, origin: string): string | null {
  if (!stored) return null;
  let record: unknown;
  try {
    record = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null) return null;
  const { path, savedAt } = record as Partial<Record<keyof NextLocationRecord, unknown>>;
  if (typeof path !== 'string' || typeof savedAt !== 'number') return null;
  if (savedAt > now || now - savedAt > NEXT_LOCATION_TTL_MS) return null;
  return sameSitePath(path, origin);
}
