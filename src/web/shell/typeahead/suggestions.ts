import { tabPath } from '../../search/search-url.ts';
import type { TypeaheadItem } from '../../../shared/contracts/search.ts';

/** Terms whose suggestions are kept (the business spec's typeahead cache), newest last. */
export const CACHED_TERMS = 50;

/** Suggestions are the same for "Tart" and " tart ": the server trims and ignores case. */
export function termKey(typed: string): string {
  return typed.trim().toLowerCase();
}

export type SuggestionSource<T> = {
  /** The term's suggestions now if cached; otherwise undefined, and they are delivered when they arrive. */
  ask: (term: string) => T | undefined;
  /** Drops what is cached and on its way (a recent search was removed, so older answers are wrong). */
  forget: () => void;
};

/**
 * The typeahead's answers by term. Each keystroke asks at once, never waiting for the answer to the
 * one before; a term already asked for is not asked again while its answer is on its way; only the
 * answer to the term asked for last is delivered, so a slow early answer never replaces a newer one.
 */
export function createSuggestionSource<T>(
  fetchTerm: (term: string) => Promise<T>,
  deliver: (term: string, items: T) => void,
  limit = CACHED_TERMS,
): SuggestionSource<T> {
  let cache = new Map<string, T>();
  let pending = new Set<string>();
  let wanted: string | null = null;

  const remember = (term: string, items: T) => {
    cache.delete(term);
    cache.set(term, items);
    for (const oldest of cache.keys()) {
      if (cache.size <= limit) break;
      cache.delete(oldest);
    }
  };

  return {
    ask(term) {
      wanted = term;
      const cached = cache.get(term);
      if (cached !== undefined) {
        remember(term, cached);
        return cached;
      }
      if (pending.has(term)) return undefined;
      const mine = { cache, pending };
      pending.add(term);
      fetchTerm(term).then(
        (items) => {
          mine.pending.delete(term);
          // An answer from before forget() may hold what was removed since.
          if (mine.cache !== cache) return;
          remember(term, items);
          if (wanted === term) deliver(term, items);
        },
        () => {
          // No suggestions this time; the next keystroke or focus asks again.
          mine.pending.delete(term);
        },
      );
      return undefined;
    },
    forget() {
      cache = new Map();
      pending = new Set();
    },
  };
}

/** The active option after an arrow key: down from the field to the first, past the last back to the field (-1). */
export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  const next = active + step;
  if (next === count) return -1;
  if (next < -1) return count - 1;
  return next;
}

/**
 * Where choosing a suggestion goes. Topics have no page of their own yet, so a topic is searched
 * for by its name; everything else goes to the URL the server gave.
 */
export function destinationOf(item: TypeaheadItem): string {
  return item.type === 'interest' ? tabPath('pins', item.label) : item.url;
}
