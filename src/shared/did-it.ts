/**
 * Tried-its ("did it", viewer spec section 3: aggregatedPinData.didItData and doneByMe): pure
 * rules shared by the server's service and the browser's dialog (docs/decisions/0045-tried-its.md).
 */

/** A tried-it's note, in characters. */
export const DID_IT_DETAILS_MAX = 500;

/** Tried-its per page, on a pin and on a profile's Tried tab. */
export const DID_IT_PAGE_SIZE = 12;

/** What a pin's didItData counts of one tried-it: one member, and a photo or not. */
export type DidItShape = { hasPhoto: boolean };

/** A pin's didItData: how many members tried it, and how many of them showed a photo. */
export type DidItCounts = { user_count: number; images_count: number };

/**
 * How a pin's counts move when a tried-it goes from `before` to `after` (null: none). Adding
 * counts one member, deleting uncounts them, and an edit moves only the photo count when a photo
 * was added or removed.
 */
export function didItCountsChange(before: DidItShape | null, after: DidItShape | null): DidItCounts {
  const members = (after ? 1 : 0) - (before ? 1 : 0);
  const photos = (after?.hasPhoto ? 1 : 0) - (before?.hasPhoto ? 1 : 0);
  return { user_count: members, images_count: photos };
}

/** A note as stored: trimmed; line breaks kept, shown as plain text. */
export function didItDetails(text: string): string {
  return text.trim();
}
