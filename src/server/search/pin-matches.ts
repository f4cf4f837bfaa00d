import type { RawBuilder, SqlBool } from 'kysely';
import type { Deps } from '../deps.ts';
import type { Reader } from '../access/authorized.ts';
import { languageOfLocale, type Language } from './stemming.ts';
import { engineQuery, scoredWords, type MatchIndex, type MatchScope, type TextQuery } from './text-match.ts';
import { weightedScore } from './text-score.ts';
import { holdsEvery, postedPin, type PostedPin } from './pin-postings.ts';
import { COMMON_WORD_PINS, splitCommonWords } from './common-words.ts';
import { compareIds } from '../common/compare-ids.ts';
import { termCounts } from './vocabulary.repo.ts';
import { anyPinWaiting, stalePinsAmong } from './stale-pins.repo.ts';
import { currentDocumentIds, matchingDocuments } from './pin-documents.repo.ts';
import {
  documentFilter,
  localeOfMember,
  phrasesWithSearchablePin,
  searchablePinIds,
  privateProfileBoardIdsOf,
  secretBoardIdsOf,
  withinBoards,
  withinSavesOf,
} from './pin-matches.repo.ts';

/**
 * Which pins match a query, and how well by text alone (text-score.ts): at most CANDIDATE_CAP of
 * them, looked for among the newest MATCH_WINDOW matches of the listed pins, so the commonest word
 * costs no more than a rarer one. Who may see them is decided afterwards (pin-search.ts).
 */
export const CANDIDATE_CAP = 500;
/** The newest matches of the listed pins looked at before the cap (text-match.ts, MatchScope). */
export const MATCH_WINDOW = 500;
/** Secret boards of one reader whose pins are matched; a member has far fewer. */
const SECRET_BOARDS_MAX = 2000;

/** The product filters of a shopping search (appliedProductFilters). */
export type ProductFilters = {
  price_min?: number | undefined;
  price_max?: number | undefined;
  domains?: readonly string[] | undefined;
  in_stock?: boolean | undefined;
};

export type PinSearch = {
  tokens: readonly string[];
  kind: 'all' | 'videos' | 'products';
  /** Only the pins this member saved (the viewer's own for my_pins, a profile's for `user`). */
  savedBy: string | null;
  product: ProductFilters | null;
};

/**
 * For each phrase, whether the reader may see at least one pin with all its words (typeahead
 * completions are checked so), or one video or product pin (the discovery pages' categories).
 * The listed pins are asked first of this node's postings: the newest few holding each phrase, one
 * policy check for them all. What they leave open is asked of the engines, one query per index
 * for all those phrases; the first visible match of each answers, so the engines stop early.
 */
export async function visiblePhrases(deps: Deps, reader: Reader, phrases: readonly (readonly string[])[], kind: PinSearch['kind'] = 'all'): Promise<boolean[]> {
  const found = phrases.map(() => false);
  if (phrases.length === 0) return found;
  const viewer = await readerLanguage(deps, reader);
  const filter = documentFilter({ kind, product: null });
  const settled = await listedPhrases(
    deps,
    reader,
    phrases.map((tokens) => scoredWords('listed_pins', { tokens, prefix: 'none', viewer }).map((word) => word.forms)),
    filter,
  );
  settled?.forEach((visible, i) => (found[i] = visible === true));
  if (found.every(Boolean)) return found;
  for (const { index, scope } of await sourcesFor(deps, reader, null)) {
    // A later index is asked only about the phrases the earlier ones did not find.
    const open = phrases.flatMap((tokens, i) => (found[i] || (index === 'listed_pins' && settled?.[i] !== undefined) ? [] : [{ tokens, i }]));
    if (open.length === 0) continue;
    const asked = open.map(({ tokens, i }) => ({ i, text: engineQuery(deps.dialect, index, { tokens, prefix: 'none', viewer }) }));
    for (const i of await phrasesWithSearchablePin(deps.db, deps.dialect, reader, index, scope, asked, filter)) found[i] = true;
  }
  return found;
}

/** Listed pins per phrase looked at in the postings: the newest few usually hold one the reader may see. */
export const PHRASE_PINS = 3;

/**
 * For each phrase, as far as this node's postings tell of the listed pins: true when the reader may
 * see one of its newest holders, false when they may see none of its holders (there were fewer than
 * asked for), undefined when only older ones are left to ask. Null while the postings are not built.
 */
export async function listedPhrases(
  deps: Deps,
  reader: Reader,
  phrases: readonly (readonly (readonly string[])[])[],
  filter: RawBuilder<SqlBool> | null,
): Promise<(boolean | undefined)[] | null> {
  const held = await deps.replicas.pinPostings?.newest(phrases, PHRASE_PINS);
  if (!held) return null;
  const visible = await keepVisible(deps, reader, [...new Set(held.flat().map((pin) => pin.id))], filter);
  return held.map((pins) => (pins.some((pin) => visible.has(pin.id)) ? true : pins.length < PHRASE_PINS ? false : undefined));
}

/** The pins among `ids` a search may show the reader, through a document filter if one is given. */
export async function keepVisible(deps: Deps, reader: Reader, ids: string[], filter: RawBuilder<SqlBool> | null = null): Promise<Set<string>> {
  return searchablePinIds(deps.db, reader, ids, filter);
}

type Source = { index: MatchIndex; scope: MatchScope };

/**
 * Listed pins (on some public board) for everyone, the newest matches first; unlisted ones only
 * among what could be the reader's: pins on the secret boards they may see, or every save of
 * `savedBy` on a board the reader may see (the member's own pins are all searched, however common
 * the word).
 */
async function sourcesFor(deps: Deps, reader: Reader, savedBy: string | null): Promise<Source[]> {
  if (savedBy !== null) {
    const within = withinSavesOf(deps.dialect, reader, savedBy);
    return [
      { index: 'listed_pins', scope: { within } },
      { index: 'unlisted_pins', scope: { within } },
    ];
  }
  const listed: Source = { index: 'listed_pins', scope: { window: MATCH_WINDOW } };
  const boards = [...(await secretBoardsOf(deps, reader)), ...(await privateProfileBoardsOf(deps, reader))];
  if (boards.length === 0) return [listed];
  return [listed, { index: 'unlisted_pins', scope: { within: withinBoards(deps.dialect, boards), window: MATCH_WINDOW } }];
}

/** The secret boards the reader may see; with the private profiles' boards below, their pins are the only unlisted ones worth matching. */
async function secretBoardsOf(deps: Deps, reader: Reader): Promise<string[]> {
  const me = reader.userId;
  if (me === null || !reader.readsSecret) return [];
  return secretBoardIdsOf(deps.db, reader, me, SECRET_BOARDS_MAX);
}

/** The boards of private profiles the reader may see: their pins are unlisted as well. */
async function privateProfileBoardsOf(deps: Deps, reader: Reader): Promise<string[]> {
  return reader.userId === null ? [] : privateProfileBoardIdsOf(deps.db, reader, reader.userId, SECRET_BOARDS_MAX);
}

/** A candidate: its text score, and what the blend reads of it from its document (ranking.ts). */
export type PinMatch = { id: string; text: number; terms: string; saves: number; createdAt: number };

/**
 * The best CANDIDATE_CAP matches by text, none waiting for a reindex. Each window's documents come
 * with the ranking columns they keep, from this node's postings or in one statement, and are
 * scored here: a search reads no other table per candidate. Whether a pin is live and safe is
 * asked with the pin policy as a page reaches it (a deleted pin has no document, though the
 * postings keep it until their next build; a listed one is safe).
 */
export async function textMatches(deps: Deps, reader: Reader, search: PinSearch, commonWordPins = COMMON_WORD_PINS): Promise<PinMatch[]> {
  const viewer = await readerLanguage(deps, reader);
  const split =
    search.tokens.length > 1
      ? splitCommonWords(search.tokens, await termCounts(deps.db, search.tokens), commonWordPins)
      : { engine: [...search.tokens], checked: [] };
  const formsOf = (tokens: readonly string[]) => scoredWords('listed_pins', { tokens, prefix: 'none', viewer }).map((word) => word.forms);
  const [words, checked] = [formsOf(search.tokens), formsOf(split.checked)];
  const best = new Map<string, PinMatch>();
  for (const source of await sourcesFor(deps, reader, search.savedBy)) {
    for (const pin of await windowOf(deps, source, { tokens: split.engine, prefix: 'none', viewer }, documentFilter(search))) {
      if (!holdsEvery(pin, checked)) continue;
      const text = weightedScore(words, pin.weightOf);
      if ((best.get(pin.id)?.text ?? -1) < text) best.set(pin.id, { id: pin.id, text, terms: pin.terms, saves: pin.saves, createdAt: pin.createdAt });
    }
  }
  // One cap over both indexes: the blend then reads the reader's signals for at most CANDIDATE_CAP pins.
  const matches = [...best.values()];
  return matches.length <= CANDIDATE_CAP ? matches : matches.sort((a, b) => b.text - a.text || compareIds(b.id, a.id)).slice(0, CANDIDATE_CAP);
}

/**
 * A source's window, not stale and through the document filter: the newest listed matches from
 * this node's postings once they are built (pin-postings-replica.ts), everything else from the
 * engine, in one statement with the documents.
 */
async function windowOf(deps: Deps, { index, scope }: Source, query: TextQuery, filter: RawBuilder<SqlBool> | null): Promise<PostedPin[]> {
  const postings = index === 'listed_pins' && scope.window !== undefined && !scope.within ? deps.replicas.pinPostings : undefined;
  const [newest] = (await postings?.newest([scoredWords(index, query).map((word) => word.forms)], scope.window ?? 0)) ?? [];
  if (newest) return current(deps, newest, filter);
  return (await matchingDocuments(deps.db, deps.dialect, index, query, scope, filter)).map(postedPin);
}

/** The pins of a window from the postings that the engine's statement would keep: not stale, and through the filter. */
async function current(deps: Deps, pins: PostedPin[], filter: RawBuilder<SqlBool> | null): Promise<PostedPin[]> {
  if (pins.length === 0) return pins;
  const ids = pins.map((pin) => pin.id);
  if (filter) {
    const kept = await currentDocumentIds(deps.db, ids, filter);
    return pins.filter((pin) => kept.has(pin.id));
  }
  // Pins wait for a reindex only after a change to a big board, for the time the job takes.
  if (!(await anyPinWaiting(deps.db, 'search_stale_pins'))) return pins;
  const stale = await stalePinsAmong(deps.db, ids);
  return pins.filter((pin) => !stale.has(pin.id));
}

/** The member's own language, whose stems their searches look for too; a visitor's searches look for the main ones. */
async function readerLanguage(deps: Deps, reader: Reader): Promise<Language | null> {
  if (reader.userId === null) return null;
  const locale = await localeOfMember(deps.db, reader.userId);
  return locale === undefined ? null : languageOfLocale(locale);
}
