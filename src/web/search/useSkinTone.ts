import { useState } from 'react';
import { useRouter } from '../router/Router.tsx';
import { NO_SKIN_TONE, searchedWithSkinTone, type SkinToneSearch, type SkinToneState } from './skin-tone-state.ts';

type Tracked = { visit: string | null; state: SkinToneState };

/**
 * The search page's skin tone state (skin-tone-state.ts), counting each search once: each visit of
 * a search URL (a router entry: a new search, back or forward), once its first page has answered,
 * and a visit without a query as the reset it is. The page's own state, updated while rendering
 * (React's way for state that follows what is shown), so the server's render and the hydrating
 * client count the same, and the row never changes after it painted. Leaving the search page
 * unmounts it, and the count with it.
 */
export function useSkinTone(query: string, offered: boolean | undefined): SkinToneState {
  const { view } = useRouter();
  const search: SkinToneSearch | null =
    query === '' ? { query, showSkinToneFilters: false } : offered === undefined ? null : { query, showSkinToneFilters: offered };
  const [tracked, setTracked] = useState<Tracked>(() => ({
    visit: search ? view.key : null,
    state: search ? searchedWithSkinTone(NO_SKIN_TONE, search) : NO_SKIN_TONE,
  }));
  if (search && tracked.visit !== view.key) {
    const next = { visit: view.key, state: searchedWithSkinTone(tracked.state, search) };
    setTracked(next);
    return next.state;
  }
  return tracked.state;
}
