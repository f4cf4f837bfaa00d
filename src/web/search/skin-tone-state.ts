/**
 * The search page's skin tone state (business spec section 3, "Skin-tone: skinToneQueryUses
 * {numQueryUses, lastQuery}, showSkinToneFilters"; section 4, "Skin-tone query-use counts reset
 * when a search is left or no query exists"). Each search the page shows is counted: the same
 * query searched again while the skin tone ranges are offered (choosing a range, clearing it,
 * another tab) adds a use; another query starts again at one; a search that does not offer them,
 * or no query at all, counts nothing. The state lives as long as the search page: leaving it
 * leaves the count behind (useSkinTone.ts).
 */
export type SkinToneQueryUses = { numQueryUses: number; lastQuery: string | null };

export type SkinToneState = { skinToneQueryUses: SkinToneQueryUses; showSkinToneFilters: boolean };

/** A search's answer was shown: its query, and whether the server offered the skin tone ranges. */
export type SkinToneSearch = { query: string; showSkinToneFilters: boolean };

export const NO_SKIN_TONE: SkinToneState = { skinToneQueryUses: { numQueryUses: 0, lastQuery: null }, showSkinToneFilters: false };

/** Queries are the same as recent searches compare them: trimmed, ignoring case. */
function sameQuery(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function searchedWithSkinTone(state: SkinToneState, search: SkinToneSearch): SkinToneState {
  const query = search.query.trim();
  if (query === '' || !search.showSkinToneFilters) return NO_SKIN_TONE;
  const { numQueryUses, lastQuery } = state.skinToneQueryUses;
  const again = lastQuery !== null && sameQuery(lastQuery, query);
  return { skinToneQueryUses: { numQueryUses: again ? numQueryUses + 1 : 1, lastQuery: query }, showSkinToneFilters: true };
}

/** Searches of one query that show the hint under the ranges: it explains them once per query. */
export const SKIN_TONE_HINT_USES = 1;

export function showsSkinToneHint(state: SkinToneState): boolean {
  return state.showSkinToneFilters && state.skinToneQueryUses.numQueryUses <= SKIN_TONE_HINT_USES;
}
