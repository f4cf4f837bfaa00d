import { describe, expect, it } from 'vitest';
import { searchRequest } from '../../../src/web/search/requests.ts';
import { readSearchState, searchPath, tabPath } from '../../../src/web/search/search-url.ts';
import {
  NO_SKIN_TONE,
  searchedWithSkinTone,
  showsSkinToneHint,
  SKIN_TONE_HINT_USES,
  type SkinToneSearch,
  type SkinToneState,
} from '../../../src/web/search/skin-tone-state.ts';

/** The state after these searches, from a search page just opened. */
const after = (...searches: SkinToneSearch[]): SkinToneState => searches.reduce(searchedWithSkinTone, NO_SKIN_TONE);
const offered = (query: string): SkinToneSearch => ({ query, showSkinToneFilters: true });
const notOffered = (query: string): SkinToneSearch => ({ query, showSkinToneFilters: false });

// Leaving the search page resets the count with the page's state: tests/e2e/skin-tone.test.ts.
describe('skin tone query-use counts', () => {
  it('count the searches of one query while the skin tone ranges are offered', () => {
    expect(after(offered('makeup'))).toEqual({ skinToneQueryUses: { numQueryUses: 1, lastQuery: 'makeup' }, showSkinToneFilters: true });
    expect(after(offered('makeup'), offered('makeup'), offered('makeup')).skinToneQueryUses).toEqual({ numQueryUses: 3, lastQuery: 'makeup' });
  });

  it('compare queries trimmed and ignoring case, as recent searches do', () => {
    expect(after(offered('makeup'), offered(' Makeup ')).skinToneQueryUses.numQueryUses).toBe(2);
  });

  it('start again at one for another query', () => {
    expect(after(offered('makeup'), offered('makeup'), offered('nail art')).skinToneQueryUses).toEqual({ numQueryUses: 1, lastQuery: 'nail art' });
  });

  it('reset when no query exists', () => {
    expect(after(offered('makeup'), offered('makeup'), { query: '  ', showSkinToneFilters: true })).toEqual(NO_SKIN_TONE);
    expect(after(offered('makeup'), { query: '', showSkinToneFilters: false }, offered('makeup')).skinToneQueryUses.numQueryUses).toBe(1);
  });

  it('count nothing, and hide the ranges, for a search that does not offer them', () => {
    expect(after(offered('makeup'), notOffered('mountains'))).toEqual(NO_SKIN_TONE);
    expect(after(offered('makeup'), notOffered('makeup'), offered('makeup')).skinToneQueryUses.numQueryUses).toBe(1);
  });

  it('show the hint under the ranges on the first search of a query only', () => {
    expect(SKIN_TONE_HINT_USES).toBe(1);
    expect(showsSkinToneHint(after(offered('makeup')))).toBe(true);
    expect(showsSkinToneHint(after(offered('makeup'), offered('makeup')))).toBe(false);
    expect(showsSkinToneHint(after(offered('makeup'), offered('makeup'), offered('lipstick')))).toBe(true);
    expect(showsSkinToneHint(after(notOffered('mountains')))).toBe(false);
  });
});

describe('the skin tone range in the search URL', () => {
  it('is read for searches of pins, and left out when unknown or for boards and people', () => {
    expect(readSearchState('pins', '?q=makeup&skin_tone=medium_dark')).toEqual({
      scope: 'pins',
      query: 'makeup',
      filters: {},
      exact: false,
      skinTone: 'medium_dark',
    });
    expect(readSearchState('videos', '?q=makeup&skin_tone=dark')?.skinTone).toBe('dark');
    expect(readSearchState('pins', '?q=makeup&skin_tone=olive')?.skinTone).toBeUndefined();
    expect(readSearchState('boards', '?q=makeup&skin_tone=dark')?.skinTone).toBeUndefined();
  });

  it('is written back, asked of the server, and dropped by the tabs', () => {
    const state = { scope: 'pins' as const, query: 'red lips', filters: {}, exact: false, skinTone: 'light' as const };
    expect(searchPath(state)).toBe('/search/pins/?q=red+lips&skin_tone=light');
    expect(readSearchState('pins', searchPath(state).split('?')[1] ?? '')).toEqual(state);
    expect(searchRequest(state)).toEqual({ name: 'BaseSearchResource', options: { query: 'red lips', scope: 'pins', skin_tone: 'light' } });
    expect(searchRequest({ ...state, skinTone: undefined }).options).not.toHaveProperty('skin_tone');
    expect(tabPath('videos', 'red lips')).toBe('/search/videos/?q=red+lips');
    expect(searchPath({ ...state, scope: 'users' })).toBe('/search/users/?q=red+lips');
  });
});
