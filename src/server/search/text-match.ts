import type { RawBuilder, SqlBool } from 'kysely';
import type { Dialect } from '../db/database.ts';
import { queryForms, type Language } from './stemming.ts';
import type { ScoredWord } from './text-score.ts';

/**
 * The one place the two databases differ: which documents of an index hold every word of a query.
 * FTS5 on SQLite, a tsvector on PostgreSQL (migrations 0006, 0012). How well each matches is
 * computed from the documents' fields, the same for both (text-score.ts). Words come from
 * `queryTokens` (letters and digits only), so they are safe inside either engine's query syntax;
 * they still travel as parameters. The SQL of a match is in text-match.repo.ts.
 */
export type MatchIndex = 'listed_pins' | 'unlisted_pins' | 'boards' | 'users';

/** none: whole words (always, in the pins indexes); last: the last word may be unfinished (typeahead); all: every word is a prefix. */
export type PrefixMode = 'none' | 'last' | 'all';

/** `viewer`: the reader's own language, whose stems are looked for too in the pins indexes (stemming.ts). */
export type TextQuery = { tokens: readonly string[]; prefix: PrefixMode; viewer?: Language | null };

/** A row of a match: the document's id. */
export type MatchRow = { doc_id: string };

/**
 * How much of a match is looked at. `window`: only the newest matching documents, at most this
 * many (a word in most documents then costs no more than a rarer one; ids grow with time, so the
 * newest come first from both engines' indexes). `within`, a condition on a document's id: only
 * the pins meeting it (a member's own saves or secret boards), all of them, so nothing of the
 * member's is missed; it is checked per match, so it costs what the match costs.
 */
export type MatchScope = { window?: number; within?: (docId: RawBuilder<string>) => RawBuilder<SqlBool> };

export const isPins = (index: MatchIndex) => index === 'listed_pins' || index === 'unlisted_pins';

/** The query's words as the scorer counts them: in the pins indexes, any of a word's forms, whole. */
export function scoredWords(index: MatchIndex, query: TextQuery): ScoredWord[] {
  const last = query.tokens.length - 1;
  return query.tokens.map((token, i) =>
    isPins(index)
      ? { forms: queryForms(token, query.viewer ?? null), prefix: false }
      : { forms: [token], prefix: query.prefix === 'all' || (query.prefix === 'last' && i === last) },
  );
}

/**
 * A query in the engine's own syntax: an FTS5 expression, or words for PostgreSQL's parsers. In the
 * pins indexes, which hold stems, each word is any of its forms (stemming.ts), all of them whole.
 */
export function engineQuery(dialect: Dialect, index: MatchIndex, query: TextQuery): string {
  if (query.tokens.length === 0) throw new Error('a text match needs at least one word');
  if (isPins(index)) {
    const words = scoredWords(index, query);
    if (dialect === 'sqlite') return words.map(({ forms }) => `(${forms.map((f) => `"${f}"`).join(' OR ')})`).join(' AND ');
    return words.map(({ forms }) => `(${forms.join(' | ')})`).join(' & ');
  }
  const last = query.tokens.length - 1;
  const isPrefix = (i: number) => query.prefix === 'all' || (query.prefix === 'last' && i === last);
  if (dialect === 'sqlite') return query.tokens.map((token, i) => `"${token}"${isPrefix(i) ? '*' : ''}`).join(' ');
  if (query.prefix === 'none') return query.tokens.join(' ');
  return query.tokens.map((token, i) => (isPrefix(i) ? `${token}:*` : token)).join(' & ');
}
