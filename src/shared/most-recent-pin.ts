/**
 * The most-recent-pin list (business spec section 3, "Most-recent-pin: id and a list of image
 * signatures"; section 4, "Search and lists"): the pins this browser saved or created last, kept
 * on the client so later screens can ask for ideas like them without a server round trip.
 */

export type MostRecentPin = { id: string; imageSignatures: string[] };

/** Older entries kept behind the newest one. */
export const MOST_RECENT_PINS_KEPT_OLDER = 10;

/** Newest first, no duplicates (a pin seen again moves to the front), at most 10 older entries. */
export function addMostRecentPin(list: readonly MostRecentPin[], pin: MostRecentPin): MostRecentPin[] {
  const older = list.filter((entry) => entry.id !== pin.id).slice(0, MOST_RECENT_PINS_KEPT_OLDER);
  return [pin, ...older];
}

function isEntry(value: unknown): value is MostRecentPin {
  if (value === null || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return typeof entry['id'] === 'string' && Array.isArray(entry['imageSignatures']) && entry['imageSignatures'].every((s) => typeof s === 'string');
}

/** A stored list read back; anything malformed (an old format, a hand edit) reads as empty. */
export function parseMostRecentPins(stored: string | null): MostRecentPin[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter(isEntry).slice(0, MOST_RECENT_PINS_KEPT_OLDER + 1) : [];
  } catch {
    return [];
  }
}
