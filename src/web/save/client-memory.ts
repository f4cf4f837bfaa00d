import { addMostRecentPin, parseMostRecentPins, type MostRecentPin } from '../../shared/most-recent-pin.ts';
import { parseUpsellShown, recordPostRepinUpsell, shouldShowPostRepinUpsell } from '../../shared/post-repin-upsell.ts';
import { SAVE_STORAGE_PREFIX } from './storage-prefix.ts';
import type { BoardRef } from '../../shared/contracts/pins.ts';

/* What the save screens remember in this browser, per signed-in member; logging out clears it. */

const key = (viewerId: string, name: string) => `${SAVE_STORAGE_PREFIX}${name}.${viewerId}`;

function read(name: string): string | null {
  try {
    return localStorage.getItem(name);
  } catch {
    return null;
  }
}

function write(name: string, value: unknown): void {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, quota): the memory is a convenience, saving works without it.
  }
}

function isBoardRef(value: unknown): value is BoardRef {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v['id'] === 'string' && typeof v['name'] === 'string' && typeof v['url'] === 'string' && (v['privacy'] === 'public' || v['privacy'] === 'secret')
  );
}

function parseBoardRef(raw: string | null): BoardRef | null {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    return isBoardRef(value) ? value : null;
  } catch {
    return null;
  }
}

const lastBoardListeners = new Set<() => void>();
let lastBoardCache: { raw: string | null; board: BoardRef | null } = { raw: null, board: null };

/** Every save control follows the last board, also when another tab saves. */
export function subscribeLastBoard(listener: () => void): () => void {
  lastBoardListeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    lastBoardListeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The board the member saved to last from this browser: the quick save's target (the same object while unchanged). */
export function readLastBoard(viewerId: string): BoardRef | null {
  const raw = read(key(viewerId, 'last_board'));
  if (raw !== lastBoardCache.raw) lastBoardCache = { raw, board: parseBoardRef(raw) };
  return lastBoardCache.board;
}

export function rememberLastBoard(viewerId: string, board: BoardRef | null): void {
  if (board) write(key(viewerId, 'last_board'), { id: board.id, name: board.name, url: board.url, privacy: board.privacy });
  else {
    try {
      localStorage.removeItem(key(viewerId, 'last_board'));
    } catch {
      // Nothing stored then either.
    }
  }
  for (const listener of lastBoardListeners) listener();
}

/** True (and recorded) when the post-repin upsell should show for this board now. */
export function takePostRepinUpsell(viewerId: string, boardId: string, now = Date.now()): boolean {
  const name = key(viewerId, 'upsell_shown');
  const shown = parseUpsellShown(read(name));
  if (!shouldShowPostRepinUpsell(shown, boardId, now)) return false;
  write(name, recordPostRepinUpsell(shown, boardId, now));
  return true;
}

/** The pins this member saved or created last in this browser, newest first. */
export function readMostRecentPins(viewerId: string): MostRecentPin[] {
  return parseMostRecentPins(read(key(viewerId, 'most_recent_pins')));
}

export function rememberMostRecentPin(viewerId: string, pin: MostRecentPin): void {
  write(key(viewerId, 'most_recent_pins'), addMostRecentPin(readMostRecentPins(viewerId), pin));
}
