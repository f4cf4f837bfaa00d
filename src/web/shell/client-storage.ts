import { NEXT_LOCATION_STORAGE_KEY, STORAGE_KEYS } from '../../shared/startup.ts';
import { SAVE_STORAGE_PREFIX } from '../save/storage-prefix.ts';

/*
 * Here rather than in src/web/app: clearing at logout knows every feature's keys, so it sits at
 * the top with the account menu that logs out (src/web/LAYERS.md).
 */

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
