/**
 * Navigation history of spec section 4: previous, current and forward entries. Push adds and
 * clears forward; replace swaps current; back moves current to forward. Pure, so the router's
 * decisions (scroll to top or restore) can be tested without a browser.
 */

export type NavigationKind = 'push' | 'replace' | 'back' | 'forward';

export type HistoryEntry = { key: string; url: string };

export type NavigationHistory = {
  previous: HistoryEntry[];
  current: HistoryEntry;
  forward: HistoryEntry[];
};

export function startHistory(current: HistoryEntry): NavigationHistory {
  return { previous: [], current, forward: [] };
}

export function push(history: NavigationHistory, entry: HistoryEntry): NavigationHistory {
  return { previous: [...history.previous, history.current], current: entry, forward: [] };
}

export function replace(history: NavigationHistory, entry: HistoryEntry): NavigationHistory {
  return { ...history, current: entry };
}

export function back(history: NavigationHistory): NavigationHistory {
  const target = history.previous.at(-1);
  if (!target) return history;
  return { previous: history.previous.slice(0, -1), current: target, forward: [history.current, ...history.forward] };
}

export function forward(history: NavigationHistory): NavigationHistory {
  const [target, ...rest] = history.forward;
  if (!target) return history;
  return { previous: [...history.previous, history.current], current: target, forward: rest };
}

/** A popstate to `key` is a back move when the key sits in previous, forward when in forward. */
export function popKind(history: NavigationHistory, key: string): 'back' | 'forward' | 'unknown' {
  if (history.previous.some((e) => e.key === key)) return 'back';
  if (history.forward.some((e) => e.key === key)) return 'forward';
  return 'unknown';
}

/** Moves back or forward until `key` is current; an unknown key starts a fresh history. */
export function travelTo(history: NavigationHistory, entry: HistoryEntry): NavigationHistory {
  const kind = popKind(history, entry.key);
  if (kind === 'unknown') return push(history, entry);
  let next = history;
  const step = kind === 'back' ? back : forward;
  while (next.current.key !== entry.key) next = step(next);
  return next;
}

export type ScrollAction = { kind: 'top' } | { kind: 'restore'; y: number };

/** Push and replace scroll to the top; back (and forward) restore the saved position. */
export function scrollAfter(kind: NavigationKind, savedY: number | undefined): ScrollAction {
  if (kind === 'push' || kind === 'replace') return { kind: 'top' };
  return savedY === undefined ? { kind: 'top' } : { kind: 'restore', y: savedY };
}
