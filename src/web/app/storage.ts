import { NEXT_LOCATION_STORAGE_KEY, STORAGE_KEYS } from '../../shared/startup.ts';
import { SAVE_STORAGE_PREFIX } from '../save/storage-prefix.ts';

/** Logout clears what this app keeps in the browser, so the next person starts clean. */
export function clearClientStorage(): void {
  try {
    for (const key of Object.values(STORAGE_KEYS)) sessionStorage.removeItem(key);
    sessionStorage.removeItem('corkboard.scroll');
    localStorage.removeItem(NEXT_LOCATION_STORAGE_KEY);
    // The save screens' memory: last board, post-repin upsell times, most-recent pins.
    for (const key of Object.keys(localStorage)) if (key.startsWith(SAVE_STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept there either.
  }
}

export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeSession(entries: Record<string, string>): void {
  try {
    for (const [key, value] of Object.entries(entries)) sessionStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; start-up values are a convenience only.
  }
}
