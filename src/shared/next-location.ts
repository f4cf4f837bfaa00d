/**
 * Where a visitor goes after signing in (the `next` parameter) and where a limited-login viewer
 * returns after verifying the email (the limited-login prompt's next-location memory). Every
 * return-to value of the product passes through `sameSitePath`: only paths of this site qualify,
 * never `//other.example`, a full URL, or a path a browser would read as one.
 */

const MAX_NEXT_LENGTH = 2048;

/**
 * A fixed base: the check does not depend on where the code runs, and the answer is a path that
 * the browser resolves against the real origin.
 */
const CHECK_BASE = 'http://corkboard.invalid';

/** Enough rounds to see through double and triple percent-encoding. */
const DECODE_ROUNDS = 3;

// Browsers drop tabs and newlines from URLs, so `/\t/evil.example` would become `//evil.example`.
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** A path a browser, or a server decoding it, would read as another host. */
function readsAsAnotherHost(path: string): boolean {
  return path.startsWith('//') || path.startsWith('/\\') || path.includes('\\') || hasControlCharacter(path);
}

/** The path a form resolves to once its dot segments are gone, as a server would see it. */
function normalised(path: string): string {
  try {
    return new URL(path, CHECK_BASE).pathname;
  } catch {
    return path;
  }
}

/** The path and each of its percent-decodings, up to DECODE_ROUNDS deep, each also normalised. */
function decodings(path: string): string[] {
  const forms = [path];
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      break;
    }
    if (decoded === current) break;
    forms.push(decoded, normalised(decoded));
    current = decoded;
  }
  return forms;
}

/**
 * The same-site path `next` names, normalised (dot segments resolved) and checked after
 * normalisation, or null when it names anything else. The candidate is checked before parsing
 * too, because the URL parser itself turns backslashes into slashes and drops tabs.
 */
export function sameSitePath(next: string | null | undefined): string | null {
  if (!next || next.length > MAX_NEXT_LENGTH || !next.startsWith('/') || readsAsAnotherHost(next)) return null;
  let url: URL;
  try {
    url = new URL(next, CHECK_BASE);
  } catch {
    return null;
  }
  if (url.origin !== CHECK_BASE) return null;
  if (decodings(url.pathname).some(readsAsAnotherHost)) return null;
  return url.pathname + url.search + url.hash;
}

/** The page after sign-in: the query's `next` when it is a path of this site, the home page otherwise. */
export function nextAfterLogin(search: string): string {
  return sameSitePath(new URLSearchParams(search).get('next')) ?? '/';
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
export function rememberedLocation(stored: string | null, now: number): string | null {
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
  return sameSitePath(path);
}
