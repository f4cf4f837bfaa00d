import type { Selectable } from 'kysely';
import type { Flag } from './flag.ts';

// Text search (migration 0006, docs/decisions/0018-search.md). Text columns hold folded words
// (src/server/search/search-text.ts), stemmed for pins (migration 0012, decision 0026); the
// full-text index over them is the database's own.

/** A pin as the search index holds it; `is_public`: live, safe and on at least one public board. */
export type SearchPinsTable = {
  pin_id: string;
  title: string;
  description: string;
  /** The names of the public boards and sections holding the pin. */
  boards: string;
  /** Product and recipe fields of the page the pin came from. */
  product: string;
  domain: string;
  /** The distinct words of the text fields: the vocabulary counts and search guides read them. */
  terms: string;
  is_public: Flag;
  is_video: Flag;
  is_product: Flag;
  price: number | null;
  in_stock: Flag | null;
  /** The pin's save count and creation time when the document was built: ranking reads them here (migration 0012). */
  save_count: number;
  created_at: number;
  indexed_at: number;
};

export type SearchBoardsTable = { board_id: string; name: string; description: string };
export type SearchUsersTable = { user_id: string; username: string; full_name: string };
/** A pin waiting for the reindex job, since when. */
export type SearchPinMarkTable = { pin_id: string; marked_at: number };
/** The words of listed pins and how many hold each (spelling correction, typeahead). */
export type SearchTermsTable = { term: string; reversed: string; doc_count: number };

/** A member's recent search; `query_key` is the query trimmed and lower-cased (the spec's comparison). */
export type RecentSearchesTable = {
  user_id: string;
  list: 'recent' | 'personal';
  query_key: string;
  query: string;
  scope: string;
  searched_at: number;
};

export type SearchPinDocument = Selectable<SearchPinsTable>;
export type RecentSearchRow = Selectable<RecentSearchesTable>;
