import { describe, expect, it } from 'vitest';
import { Birthday, MINIMUM_AGE, ageInYears, isUnderMinimumAge, parseBirthday } from '../../../src/shared/validation/birthday.ts';

const on = (iso: string) => new Date(`${iso}T12:00:00Z`);

describe('age rule: people under 13 cannot sign up', () => {
  it('the minimum age is 13', () => {
    expect(MINIMUM_AGE).toBe(13);
  });

  it('turns 13 on the birthday itself, not a day before', () => {
    expect(isUnderMinimumAge('2010-06-15', on('2023-06-14'))).toBe(true);
    expect(isUnderMinimumAge('2010-06-15', on('2023-06-15'))).toBe(false);
  });

  it('counts whole years as people do', () => {
    expect(ageInYears('1990-12-31', on('2024-01-01'))).toBe(33);
    expect(ageInYears('1990-01-01', on('2024-01-01'))).toBe(34);
  });

  it('a leap-day birthday counts from 1 March in other years', () => {
    expect(ageInYears('2008-02-29', on('2021-02-28'))).toBe(12);
    expect(ageInYears('2008-02-29', on('2021-03-01'))).toBe(13);
  });

  it('only real calendar days in YYYY-MM-DD are birthdays', () => {
    expect(parseBirthday('2001-02-29')).toBeNull();
    expect(parseBirthday('2001-13-01')).toBeNull();
    expect(parseBirthday('01-02-2001')).toBeNull();
    expect(parseBirthday('1850-01-01')).toBeNull();
    expect(parseBirthday('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('the birthday field refuses dates in the future', () => {
    const next = new Date();
    next.setUTCFullYear(next.getUTCFullYear() + 1);
    expect(Birthday.safeParse(next.toISOString().slice(0, 10)).success).toBe(false);
    expect(Birthday.safeParse('1990-05-05').success).toBe(true);
  });
});
