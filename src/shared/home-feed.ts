import type { ScrollAction } from './navigation.ts';

/**
 * The home feed's keep rule (viewer spec section 4, "Home feed: kept on return if last left
 * within a time window, otherwise refreshed"; section 9: under 2.5 minutes, or under 1 minute for
 * the 1-minute group). Pure, so the rule is tested without a browser.
 */

/** The experiment whose group decides the window; without it every member has 2.5 minutes. */
export const HOME_FEED_KEEP_EXPERIMENT = 'web_home_feed_keep_window';
export const HOME_FEED_KEEP_GROUPS = { oneMinute: 'enabled_1_min', twoAndAHalfMinutes: 'enabled_2_5_min' } as const;

export const HOME_FEED_KEEP_MS = 150_000;
export const HOME_FEED_KEEP_SHORT_MS = 60_000;

export function homeFeedKeepWindowMs(group: string | undefined): number {
  return group === HOME_FEED_KEEP_GROUPS.oneMinute ? HOME_FEED_KEEP_SHORT_MS : HOME_FEED_KEEP_MS;
}

/** When and from where a member last left the home page. */
export type LeftHome = { userId: string; at: number; y: number };

/** A stored record, read field by field: anything else (another version, a hand edit) is none. */
export function parseLeftHome(text: string | null): LeftHome | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const { userId, at, y } = value as Record<string, unknown>;
  if (typeof userId !== 'string' || typeof at !== 'number' || typeof y !== 'number') return null;
  if (!Number.isFinite(at) || !Number.isFinite(y) || y < 0) return null;
  return { userId, at, y };
}

/** Left under the window ago, by this member; a time ahead of the clock proves nothing, so it is not kept. */
export function keepsHomeFeed(left: LeftHome | null, userId: string, now: number, windowMs: number): boolean {
  if (!left || left.userId !== userId) return false;
  const away = now - left.at;
  return away >= 0 && away < windowMs;
}

export type HomeArrival = {
  /** Fetch the first page again; it replaces the pages the member had. */
  refresh: boolean;
  /** Where the page starts, or null for the router's own rule (restore on back, top on push). */
  scroll: ScrollAction | null;
};

export type HomeArrivalInput = {
  left: LeftHome | null;
  userId: string;
  now: number;
  windowMs: number;
  /** The feed of an earlier visit in this page load is in the cache (not one the server just sent). */
  feedCached: boolean;
};

/**
 * Arriving on the home page: within the window the cached feed stays, at the position the member
 * left it, however they came back (spec section 2: "restore home feed position when flagged");
 * later the feed is refreshed and starts at the top. A feed the server has just rendered is new
 * anyway: only its scroll follows the rule.
 */
export function homeFeedArrival({ left, userId, now, windowMs, feedCached }: HomeArrivalInput): HomeArrival {
  if (!left || left.userId !== userId) return { refresh: false, scroll: null };
  if (keepsHomeFeed(left, userId, now, windowMs)) {
    return { refresh: false, scroll: feedCached ? { kind: 'restore', y: left.y } : null };
  }
  return { refresh: feedCached, scroll: { kind: 'top' } };
}
