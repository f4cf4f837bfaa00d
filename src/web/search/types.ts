import type { BoardJson } from '../board/types.ts';
import type { PinJson, UserCard } from '../pins/types.ts';

/** The parts of the server's search answer (src/server/search/search.service.ts, SearchData) the page reads. */
export type SearchGuide = { term: string; display: string; query: string; position: number };

export type SearchTypo = { original_query: string; corrected_query: string };

export type SearchResult = PinJson | BoardJson | UserCard;

export type SearchData = {
  query: string;
  scope: string;
  results: SearchResult[];
  guides: SearchGuide[];
  typo: SearchTypo | null;
  /** The search is about beauty or fashion: the skin tone ranges are offered (on the first page). */
  show_skin_tone_filters: boolean;
};

/** AdvancedTypeaheadResource's items (src/server/search/typeahead.service.ts). */
export type TypeaheadItem =
  | { type: 'recent_query'; label: string; query: string; scope: string; url: string }
  | { type: 'query'; label: string; query: string; url: string }
  | { type: 'interest'; id: string; label: string; url: string }
  | { type: 'board'; id: string; label: string; owner_username: string; url: string }
  | { type: 'user'; id: string; label: string; username: string; image_small_url: string | null; url: string };
