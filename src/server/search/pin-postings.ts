import type { SearchPinsTable } from '../db/schema/search.ts';
import { wordWeights, type FieldWeight } from './text-score.ts';
import { compareIds } from '../common/compare-ids.ts';

/**
 * The listed pins' words held in memory: for each word, the pins holding it in id order (so the
 * newest come last) with the word's weighted count in each (text-score.ts). A search's window, the
 * newest pins holding every query word, is then read here in the time the database takes to find
 * its first page of documents (decision 0026). Built once from the documents; what changes later
 * is laid over it by the replica (pin-postings-replica.ts).
 */

/** A pin document's fields as the scorer weighs them (`pinWordWeights`): the title most, then its boards and product, then the rest. */
const PIN_FIELDS: readonly FieldWeight[] = [
  { weight: 10, typicalLength: 6 },
  { weight: 4, typicalLength: 4 },
  { weight: 4, typicalLength: 6 },
  { weight: 2, typicalLength: 15 },
  { weight: 1, typicalLength: 2 },
];

/** What a search reads of a pin's document, from the database or into the postings. */
export const PIN_DOCUMENT_COLUMNS = ['pin_id', 'title', 'boards', 'product', 'description', 'domain', 'terms', 'save_count', 'created_at'] as const;

export type PinDocumentText = Pick<SearchPinsTable, (typeof PIN_DOCUMENT_COLUMNS)[number]>;

/** Each word of the document and its weighted count over the fields (text-score.ts). */
function pinWordWeights(doc: PinDocumentText): Map<string, number> {
  return wordWeights(PIN_FIELDS, [doc.title, doc.boards, doc.product, doc.description, doc.domain]);
}

/** A candidate of a search as ranking reads it, with its words' weights (`weightedScore`). */
export type PostedPin = { id: string; terms: string; saves: number; createdAt: number; weightOf: (form: string) => number };

/** A document read from the database, as a candidate. */
export function postedPin(doc: PinDocumentText): PostedPin {
  const weights = pinWordWeights(doc);
  return { id: doc.pin_id, terms: doc.terms, saves: doc.save_count, createdAt: doc.created_at, weightOf: (form) => weights.get(form) ?? 0 };
}

/** Whether the pin holds a form of every word (each word given as its forms). */
export function holdsEvery(pin: PostedPin, words: readonly (readonly string[])[]): boolean {
  return words.every((forms) => forms.some((form) => pin.weightOf(form) > 0));
}

/** The pins holding one word, ascending by position, and its weight in each. */
type Postings = { docs: Uint32Array; weights: Float32Array; length: number };

export type PinPostings = {
  readonly size: number;
  /**
   * The newest pins, at most `limit`, holding a form of every word (each word given as its forms),
   * newest first, leaving out those `skip` says were replaced since.
   */
  newest(words: readonly (readonly string[])[], limit: number, skip: (id: string) => boolean): PostedPin[];
};

/**
 * Pin ids by position, oldest first (`compareIds`), what ranking reads of each, and each word's
 * postings. Ids and terms are kept as one string each: a million strings of their own would be a
 * million objects for every full garbage collection to visit.
 */
type Columns = { ids: Strings; terms: Strings; saves: Int32Array; created: Float64Array; lists: ReadonlyMap<string, Postings> };

/** Strings end to end, the i-th from offsets[i] to offsets[i + 1]. */
type Strings = { joined: string; offsets: Uint32Array };

function joinStrings(values: readonly string[]): Strings {
  const offsets = new Uint32Array(values.length + 1);
  values.forEach((value, i) => (offsets[i + 1] = (offsets[i] ?? 0) + value.length));
  return { joined: values.join(''), offsets };
}

function stringAt({ joined, offsets }: Strings, i: number): string {
  return joined.slice(offsets[i], offsets[i + 1]);
}

function pinPostings({ ids, terms, saves, created, lists }: Columns): PinPostings {
  const pin = (doc: number, id: string): PostedPin => ({
    id,
    terms: stringAt(terms, doc),
    saves: saves[doc] ?? 0,
    createdAt: created[doc] ?? 0,
    weightOf: (form) => {
      const list = lists.get(form);
      if (!list) return 0;
      const at = search(list.docs, list.length, doc);
      return at < 0 ? 0 : (list.weights[at] ?? 0);
    },
  });
  return {
    size: saves.length,
    // The word with the fewest pins leads; the others are looked up by binary search, each below where it last was.
    newest(words, limit, skip) {
      const wordLists = words.map((forms) => forms.flatMap((form) => lists.get(form) ?? []));
      if (wordLists.length === 0 || wordLists.some((forms) => forms.length === 0)) return [];
      const total = (forms: Postings[]) => forms.reduce((sum, list) => sum + list.length, 0);
      const lead = wordLists.reduce((best, forms) => (total(forms) < total(best) ? forms : best));
      const others = wordLists.filter((forms) => forms !== lead).map((forms) => forms.map((list) => ({ list, below: list.length })));
      const found: PostedPin[] = [];
      for (const doc of descending(lead)) {
        if (found.length >= limit) break;
        if (!others.every((cursors) => cursors.some((cursor) => holds(cursor, doc)))) continue;
        const id = stringAt(ids, doc);
        if (!skip(id)) found.push(pin(doc, id));
      }
      return found;
    },
  };
}

/** A word's pins, newest first, each once, over all the forms' lists. */
function* descending(lists: readonly Postings[]): Generator<number> {
  const at = lists.map((list) => list.length - 1);
  for (;;) {
    let doc = -1;
    for (let i = 0; i < lists.length; i++) doc = Math.max(doc, (at[i] ?? -1) >= 0 ? (lists[i]?.docs[at[i] ?? 0] ?? -1) : -1);
    if (doc < 0) return;
    for (let i = 0; i < lists.length; i++) if ((at[i] ?? -1) >= 0 && lists[i]?.docs[at[i] ?? 0] === doc) at[i] = (at[i] ?? 0) - 1;
    yield doc;
  }
}

/** Whether the cursor's list holds `doc`; documents come in descending order, so the search narrows each time. */
function holds(cursor: { list: Postings; below: number }, doc: number): boolean {
  const at = search(cursor.list.docs, cursor.below, doc);
  cursor.below = at < 0 ? -at - 1 : at;
  return at >= 0;
}

/** Binary search among the first `length` docs: the position, or -(insertion point) - 1. */
function search(docs: Uint32Array, length: number, doc: number): number {
  let low = 0;
  let high = length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const value = docs[mid] ?? 0;
    if (value < doc) low = mid + 1;
    else if (value > doc) high = mid - 1;
    else return mid;
  }
  return -low - 1;
}

/** Documents are added in any order (a database's text order may differ from the ids'); `finish` puts them in id order. */
export function pinPostingsBuilder(): { add(doc: PinDocumentText): void; finish(): PinPostings } {
  const ids: string[] = [];
  const terms: string[] = [];
  const saves: number[] = [];
  const created: number[] = [];
  const lists = new Map<string, Postings>();
  const listOf = (word: string) => {
    let list = lists.get(word);
    if (!list) {
      list = { docs: new Uint32Array(4), weights: new Float32Array(4), length: 0 };
      lists.set(word, list);
    }
    return list;
  };
  return {
    add(doc) {
      const position = ids.length;
      ids.push(doc.pin_id);
      terms.push(doc.terms);
      saves.push(doc.save_count);
      created.push(doc.created_at);
      for (const [word, weight] of pinWordWeights(doc)) append(listOf(word), position, weight);
    },
    finish() {
      const order = ids.map((_, i) => i);
      const inOrder = order.every((i) => i === 0 || compareIds(ids[i - 1] ?? '', ids[i] ?? '') < 0);
      if (!inOrder) order.sort((a, b) => compareIds(ids[a] ?? '', ids[b] ?? ''));
      const rank = new Uint32Array(order.length);
      order.forEach((old, position) => (rank[old] = position));
      const pick = <T>(values: readonly T[]) => order.map((old) => values[old] as T);
      for (const list of lists.values()) trim(list, inOrder ? null : rank);
      return pinPostings({
        ids: joinStrings(pick(ids)),
        terms: joinStrings(pick(terms)),
        saves: Int32Array.from(pick(saves)),
        created: Float64Array.from(pick(created)),
        lists,
      });
    },
  };
}

function append(list: Postings, doc: number, weight: number): void {
  if (list.length === list.docs.length) {
    const docs = new Uint32Array(list.length * 2);
    docs.set(list.docs);
    const weights = new Float32Array(list.length * 2);
    weights.set(list.weights);
    list.docs = docs;
    list.weights = weights;
  }
  list.docs[list.length] = doc;
  list.weights[list.length] = weight;
  list.length += 1;
}

/** Drops the spare room, and renumbers (then sorts) the positions when the documents were reordered. */
function trim(list: Postings, rank: Uint32Array | null): void {
  const docs = list.docs.slice(0, list.length);
  const weights = list.weights.slice(0, list.length);
  if (!rank) {
    list.docs = docs;
    list.weights = weights;
    return;
  }
  const order = Array.from(docs, (_, i) => i).sort((a, b) => (rank[docs[a] ?? 0] ?? 0) - (rank[docs[b] ?? 0] ?? 0));
  list.docs = Uint32Array.from(order, (i) => rank[docs[i] ?? 0] ?? 0);
  list.weights = Float32Array.from(order, (i) => weights[i] ?? 0);
}
