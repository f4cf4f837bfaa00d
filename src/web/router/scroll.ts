import type { ScrollAction } from '../../shared/navigation.ts';

/** Saved scroll positions by history entry key; kept for the tab so a reload can go back too. */
const STORAGE_KEY = 'corkboard.scroll';
const MAX_ENTRIES = 50;

function readAll(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

export function saveScroll(key: string, y: number): void {
  const all = readAll();
  all.delete(key);
  all.set(key, y);
  const kept = [...all.entries()].slice(-MAX_ENTRIES);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or denied: back navigation then starts at the top, which is acceptable.
  }
}

export function savedScroll(key: string): number | undefined {
  return readAll().get(key);
}

let flagged: ScrollAction | null = null;

/**
 * A page that decides its own starting position says so as it mounts (a layout effect), and the
 * router applies it with the navigation instead of its rule: the home feed kept within its window
 * restores where the member left it even after a push, and a refreshed one starts at the top even
 * on back (viewer spec section 2, "restore home feed position when flagged"). Null withdraws it.
 */
export function flagScroll(action: ScrollAction | null): void {
  flagged = action;
}

/** The flag, once. */
export function takeFlaggedScroll(): ScrollAction | null {
  const taken = flagged;
  flagged = null;
  return taken;
}
