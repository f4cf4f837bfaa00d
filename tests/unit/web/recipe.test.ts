import { describe, expect, it } from 'vitest';
import { cookTimes, parseCookTime } from '../../../src/shared/recipe.ts';
import { formatPrice } from '../../../src/web/closeup/ProductDetails.tsx';

describe('recipe cook times', () => {
  it('reads ISO 8601 durations as hours and minutes', () => {
    expect(parseCookTime('PT1H30M')).toEqual({ hours: 1, minutes: 30 });
    expect(parseCookTime('PT90M')).toEqual({ hours: 1, minutes: 30 });
    expect(parseCookTime('P0DT45M')).toEqual({ hours: 0, minutes: 45 });
    expect(parseCookTime('P1DT2H')).toEqual({ hours: 26, minutes: 0 });
    expect(parseCookTime('PT10M30S')).toEqual({ hours: 0, minutes: 11 });
    for (const nothing of [null, '', 'PT0M', '45 minutes', 'P', 'PT']) expect(parseCookTime(nothing)).toBeNull();
  });

  it('a missing total is prep plus cook', () => {
    expect(cookTimes({ prep_time: 'PT20M', cook_time: 'PT50M', total_time: null }).total).toEqual({ hours: 1, minutes: 10 });
    expect(cookTimes({ prep_time: 'PT20M', cook_time: null, total_time: null }).total).toBeNull();
    expect(cookTimes({ prep_time: 'PT20M', cook_time: 'PT50M', total_time: 'PT2H' }).total).toEqual({ hours: 2, minutes: 0 });
  });
});

describe('product price', () => {
  it('formats a price in the reader’s language, and keeps what it cannot read', () => {
    expect(formatPrice('120', 'EUR', 'en-US')).toBe('€120.00');
    expect(formatPrice('120', 'EUR', 'de-DE')).toBe('120,00\u00a0€');
    expect(formatPrice('from 12', 'USD', 'en-US')).toBe('from 12 USD');
    expect(formatPrice('12', 'NOTACURRENCY', 'en-US')).toBe('12 NOTACURRENCY');
    expect(formatPrice('12', null, 'en-US')).toBe('12');
  });
});
