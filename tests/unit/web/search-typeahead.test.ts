import { describe, expect, it } from 'vitest';
import { createSuggestionSource, destinationOf, moveActive, termKey } from '../../../src/web/shell/typeahead/suggestions.ts';

/** A fetch whose answers the test releases, in any order. */
function controlledFetch() {
  const asked: string[] = [];
  const answers = new Map<string, (items: string[]) => void>();
  const fetchTerm = (term: string) => {
    asked.push(term);
    return new Promise<string[]>((resolve) => answers.set(term, resolve));
  };
  const answer = async (term: string, items: string[]) => {
    answers.get(term)?.(items);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { asked, fetchTerm, answer };
}

describe('the typeahead asks for each term at once and shows only the latest answer', () => {
  it('delivers the answer to the term asked for last, and caches every answer', async () => {
    const { asked, fetchTerm, answer } = controlledFetch();
    const delivered: [string, string[]][] = [];
    const source = createSuggestionSource(fetchTerm, (term, items) => delivered.push([term, items]));
    expect(source.ask('l')).toBeUndefined();
    expect(source.ask('le')).toBeUndefined();
    // Neither keystroke waited on the other.
    expect(asked).toEqual(['l', 'le']);
    await answer('le', ['lemon']);
    await answer('l', ['lamp']);
    expect(delivered).toEqual([['le', ['lemon']]]);
    expect(source.ask('l')).toEqual(['lamp']);
    expect(asked).toEqual(['l', 'le']);
  });

  it('does not ask again for a term whose answer is on its way', async () => {
    const { asked, fetchTerm, answer } = controlledFetch();
    const delivered: string[] = [];
    const source = createSuggestionSource(fetchTerm, (term) => delivered.push(term));
    source.ask('le');
    source.ask('lem');
    source.ask('le');
    expect(asked).toEqual(['le', 'lem']);
    await answer('le', ['lemon']);
    expect(delivered).toEqual(['le']);
  });

  it('keeps the newest terms only', async () => {
    const { asked, fetchTerm, answer } = controlledFetch();
    const source = createSuggestionSource(fetchTerm, () => undefined, 2);
    for (const term of ['a', 'b', 'c']) {
      source.ask(term);
      await answer(term, [term]);
    }
    expect(source.ask('c')).toEqual(['c']);
    expect(source.ask('b')).toEqual(['b']);
    expect(source.ask('a')).toBeUndefined();
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });

  it('forgets what it holds and drops answers asked for before, after a recent search is removed', async () => {
    const { asked, fetchTerm, answer } = controlledFetch();
    const delivered: string[][] = [];
    const source = createSuggestionSource(fetchTerm, (_, items) => delivered.push(items));
    source.ask('');
    await answer('', ['old', 'removed']);
    source.ask('x');
    source.forget();
    await answer('x', ['stale']);
    expect(source.ask('')).toBeUndefined();
    expect(asked).toEqual(['', 'x', '']);
    await answer('', ['old']);
    expect(delivered).toEqual([['old', 'removed'], ['old']]);
    expect(source.ask('x')).toBeUndefined();
  });

  it('asks again after a failed answer', async () => {
    let calls = 0;
    const source = createSuggestionSource(
      () => {
        calls += 1;
        return Promise.reject(new Error('offline'));
      },
      () => undefined,
    );
    source.ask('le');
    await Promise.resolve();
    await Promise.resolve();
    source.ask('le');
    expect(calls).toBe(2);
  });

  it('treats terms the way the server does: trimmed, any case', () => {
    expect(termKey('  Lemon Tart ')).toBe('lemon tart');
  });
});

describe('arrow keys in the typeahead', () => {
  it('go down from the field to the first option and past the last back to the field', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(2, 1, 3)).toBe(-1);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(0, -1, 3)).toBe(-1);
    expect(moveActive(-1, 1, 0)).toBe(-1);
  });
});

describe('choosing a suggestion', () => {
  it('opens its page, and searches for a topic by name until topics have pages', () => {
    expect(destinationOf({ type: 'board', id: '1', label: 'Lemon desserts', owner_username: 'ada', url: '/ada/lemon-desserts/', resultIndex: 0 })).toBe(
      '/ada/lemon-desserts/',
    );
    expect(destinationOf({ type: 'interest', id: '2', label: 'Lemon recipes', url: '/ideas/lemon-recipes/2/', resultIndex: 1 })).toBe(
      '/search/pins/?q=Lemon+recipes',
    );
  });
});
