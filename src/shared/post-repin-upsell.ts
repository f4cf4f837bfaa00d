/**
 * The post-repin upsell (business spec section 4, "Post-repin upsell records the time shown per
 * board"): after a save the member gets a toast "Saved to <board>" with a link to the board. It
 * is shown once per board per period, so a run of saves to one board does not repeat it; the
 * time shown is remembered per board in the browser (docs/decisions/0014-create-and-save-screens.md).
 */

/** A board's upsell shows again after a day: long enough for a saving session, short enough to remind. */
export const POST_REPIN_UPSELL_PERIOD_MS = 24 * 60 * 60 * 1000;

/** The most boards remembered; the oldest are forgotten first. */
export const POST_REPIN_UPSELL_BOARDS_KEPT = 50;

/** When the upsell was last shown, epoch ms by board id. */
export type UpsellShown = Record<string, number>;

/** Shown unless it was shown for this board within the period (a clock set back counts as within). */
export function shouldShowPostRepinUpsell(shown: UpsellShown, boardId: string, now: number): boolean {
  const last = shown[boardId];
  if (last === undefined) return true;
  return now - last >= POST_REPIN_UPSELL_PERIOD_MS || now < last - POST_REPIN_UPSELL_PERIOD_MS;
}

/** Records the time shown for a board, dropping expired entries and the oldest beyond the cap. */
export function recordPostRepinUpsell(shown: UpsellShown, boardId: string, now: number): UpsellShown {
  const kept = Object.entries(shown)
    .filter(([id, at]) => id !== boardId && now - at < POST_REPIN_UPSELL_PERIOD_MS)
    .sort((a, b) => b[1] - a[1])
    .slice(0, POST_REPIN_UPSELL_BOARDS_KEPT - 1);
  return Object.fromEntries([[boardId, now], ...kept]);
}

/** A stored record read back; anything that is not a map of ids to times reads as empty. */
export function parseUpsellShown(stored: string | null): UpsellShown {
  if (!stored) return {};
  try {
    const value: unknown = JSON.parse(stored);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1])));
  } catch {
    return {};
  }
}
