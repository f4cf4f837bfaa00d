import type { RecipeData } from './rich-metadata.ts';

/** A cook time of the spec's recipe (cookTimes: total, cook, prep, each in hours and minutes). */
export type CookTime = { hours: number; minutes: number };

/**
 * An ISO 8601 duration as recipe pages write it (PT1H30M, PT90M, P0DT45M) in hours and minutes;
 * null when it is not one or is zero. Seconds round up to the next minute, days become hours.
 */
export function parseCookTime(iso: string | null): CookTime | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(iso?.trim() ?? '');
  if (!match) return null;
  const [days, hours, minutes, seconds] = match.slice(1).map((n: string | undefined) => Number(n ?? 0)) as [number, number, number, number];
  const total = days * 1440 + hours * 60 + minutes + Math.ceil(seconds / 60);
  return total > 0 ? { hours: Math.floor(total / 60), minutes: total % 60 } : null;
}

export type CookTimes = { total: CookTime | null; prep: CookTime | null; cook: CookTime | null };

/** The three times; a missing total is the sum of prep and cook when both are known. */
export function cookTimes(recipe: Pick<RecipeData, 'prep_time' | 'cook_time' | 'total_time'>): CookTimes {
  const prep = parseCookTime(recipe.prep_time);
  const cook = parseCookTime(recipe.cook_time);
  const given = parseCookTime(recipe.total_time);
  const sum = prep && cook ? prep.hours * 60 + prep.minutes + cook.hours * 60 + cook.minutes : 0;
  const total = given ?? (sum > 0 ? { hours: Math.floor(sum / 60), minutes: sum % 60 } : null);
  return { total, prep, cook };
}
