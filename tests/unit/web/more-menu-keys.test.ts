import { describe, expect, it } from 'vitest';
import { nextIndex } from '../../../src/web/ui/MoreMenu.tsx';

describe('the arrow, Home and End keys move between a menu’s items, wrapping at the ends', () => {
  it('moves down and up, wrapping around', () => {
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextIndex('ArrowUp', 2, 3)).toBe(1);
  });

  it('jumps to the first and the last item', () => {
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
  });

  it('leaves every other key to the browser (Tab, Enter, Space)', () => {
    for (const key of ['Tab', 'Enter', ' ']) expect(nextIndex(key, 1, 3)).toBeNull();
  });
});
