import { describe, expect, it } from 'vitest';
import { FLAG_HIDE_THRESHOLD, flagWeight, flagsHide } from '../../../src/shared/moderation.ts';

describe('flag weight from past accuracy', () => {
  it('is 1 for a flagger with no decided report or flag', () => {
    expect(flagWeight({ decided: 0, upheld: 0 })).toBe(1);
  });

  it('runs from 0.5 (every report dismissed) to 2 (every report upheld)', () => {
    expect(flagWeight({ decided: 4, upheld: 0 })).toBe(0.5);
    expect(flagWeight({ decided: 4, upheld: 4 })).toBe(2);
    expect(flagWeight({ decided: 4, upheld: 2 })).toBe(1.25);
  });

  it('stays between 0.5 and 2 whatever the counts say', () => {
    expect(flagWeight({ decided: 2, upheld: 5 })).toBe(2);
    expect(flagWeight({ decided: 2, upheld: -1 })).toBe(0.5);
  });

  it('hides once the weights sum to the threshold', () => {
    expect(FLAG_HIDE_THRESHOLD).toBe(3);
    expect(flagsHide([1, 1])).toBe(false);
    expect(flagsHide([1, 1, 1])).toBe(true);
    expect(flagsHide([2, 1])).toBe(true);
    expect(flagsHide([0.5, 0.5, 0.5, 0.5, 0.5])).toBe(false);
  });
});
