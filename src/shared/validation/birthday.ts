import { z } from 'zod';

/** People under this age may not have an account (COPPA and its equivalents). */
export const MINIMUM_AGE = 13;

export const BIRTHDAY_MESSAGES = {
  invalid: 'Please enter a valid birthday.',
} as const;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses YYYY-MM-DD into a calendar date, or null when it is malformed or not a real day. */
export function parseBirthday(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1900) return null;
  return { year, month, day };
}

/** Whole years between the birthday and `now` (UTC calendar), as people count their age. */
export function ageInYears(birthday: string, now: Date): number | null {
  const born = parseBirthday(birthday);
  if (!born) return null;
  const year = now.getUTCFullYear();
  const hadBirthdayThisYear = now.getUTCMonth() + 1 > born.month || (now.getUTCMonth() + 1 === born.month && now.getUTCDate() >= born.day);
  return year - born.year - (hadBirthdayThisYear ? 0 : 1);
}

export function isUnderMinimumAge(birthday: string, now: Date): boolean {
  const age = ageInYears(birthday, now);
  return age !== null && age < MINIMUM_AGE;
}

/** A birthday field: a real calendar day, not in the future. */
export const Birthday = z
  .string()
  .max(10, BIRTHDAY_MESSAGES.invalid)
  .refine((value) => {
    const age = ageInYears(value, new Date());
    return age !== null && age >= 0;
  }, BIRTHDAY_MESSAGES.invalid);
