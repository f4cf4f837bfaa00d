import { describe, expect, it } from 'vitest';
import { back, forward, popKind, push, replace, scrollAfter, startHistory, travelTo } from '../../../src/shared/navigation.ts';

const entry = (key: string) => ({ key, url: `/${key}` });

describe('navigation history (spec section 4)', () => {
  const start = push(push(startHistory(entry('a')), entry('b')), entry('c'));

  it('push adds the entry and clears forward', () => {
    const afterBack = back(start);
    expect(afterBack.forward.map((e) => e.key)).toEqual(['c']);
    const pushed = push(afterBack, entry('d'));
    expect(pushed.previous.map((e) => e.key)).toEqual(['a', 'b']);
    expect(pushed.current.key).toBe('d');
    expect(pushed.forward).toEqual([]);
  });

  it('replace swaps current only', () => {
    const replaced = replace(start, entry('x'));
    expect(replaced.previous).toEqual(start.previous);
    expect(replaced.current.key).toBe('x');
    expect(replaced.forward).toEqual(start.forward);
  });

  it('back moves current to forward', () => {
    const once = back(start);
    expect(once.current.key).toBe('b');
    expect(once.forward.map((e) => e.key)).toEqual(['c']);
    const twice = back(once);
    expect(twice.current.key).toBe('a');
    expect(twice.forward.map((e) => e.key)).toEqual(['b', 'c']);
    expect(back(twice)).toBe(twice);
  });

  it('forward undoes back', () => {
    expect(forward(back(start))).toEqual(start);
    expect(forward(start)).toBe(start);
  });

  it('classifies a popstate by where its key sits', () => {
    expect(popKind(start, 'a')).toBe('back');
    expect(popKind(back(back(start)), 'c')).toBe('forward');
    expect(popKind(start, 'zzz')).toBe('unknown');
  });

  it('travels several entries at once', () => {
    expect(travelTo(start, entry('a')).current.key).toBe('a');
    expect(travelTo(start, entry('a')).forward.map((e) => e.key)).toEqual(['b', 'c']);
    expect(travelTo(start, entry('new')).current.key).toBe('new');
  });
});

describe('scrolling after navigation (spec section 2)', () => {
  it('scrolls to top on push and replace, even with a saved position', () => {
    expect(scrollAfter('push', 500)).toEqual({ kind: 'top' });
    expect(scrollAfter('replace', 500)).toEqual({ kind: 'top' });
  });

  it('restores the saved position on back', () => {
    expect(scrollAfter('back', 1234)).toEqual({ kind: 'restore', y: 1234 });
    expect(scrollAfter('back', undefined)).toEqual({ kind: 'top' });
  });
});
