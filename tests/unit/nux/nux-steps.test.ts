import { describe, expect, it } from 'vitest';
import { NuxAnswer } from '../../../src/shared/contracts/nux.ts';
import {
  INTERESTS_MINIMUM_MESSAGE,
  NUX_INTERESTS_MIN,
  NUX_STEPS,
  canAnswerNuxStep,
  interestsMinimum,
  interestsReady,
  nextNuxStep,
  previousNuxStep,
} from '../../../src/shared/nux.ts';

describe('NUX steps start at "welcome" and go forward one at a time', () => {
  it('the steps in order, the last one finishing onboarding', () => {
    expect(NUX_STEPS[0]).toBe('welcome');
    expect(nextNuxStep('welcome')).toBe('interests');
    expect(nextNuxStep('interests')).toBe('country_language');
    expect(nextNuxStep('country_language')).toBe('gender');
    expect(nextNuxStep('gender')).toBeNull();
  });

  it('Back goes one step back, not before welcome', () => {
    expect(previousNuxStep('gender')).toBe('country_language');
    expect(previousNuxStep('interests')).toBe('welcome');
    expect(previousNuxStep('welcome')).toBeNull();
  });

  it('a step may be answered once reached (again after Back), never ahead', () => {
    expect(canAnswerNuxStep('welcome', 'welcome')).toBe(true);
    expect(canAnswerNuxStep('gender', 'interests')).toBe(true);
    expect(canAnswerNuxStep('welcome', 'interests')).toBe(false);
    expect(canAnswerNuxStep('interests', 'gender')).toBe(false);
  });
});

describe('NUX interests: at least 3 before Next', () => {
  it('Next is enabled from the minimum on', () => {
    expect(NUX_INTERESTS_MIN).toBe(3);
    expect(interestsReady(0, 24)).toBe(false);
    expect(interestsReady(2, 24)).toBe(false);
    expect(interestsReady(3, 24)).toBe(true);
    expect(interestsReady(12, 24)).toBe(true);
    expect(interestsReady(31, 40)).toBe(false);
  });

  it('an instance with fewer topics than the minimum asks for all it has', () => {
    expect(interestsMinimum(2)).toBe(2);
    expect(interestsMinimum(0)).toBe(0);
    expect(interestsReady(0, 0)).toBe(true);
    expect(interestsReady(1, 2)).toBe(false);
  });

  it('the answer is refused with duplicates or unknown shapes', () => {
    const problem = (input: unknown) => NuxAnswer.safeParse(input).error?.issues[0]?.message;
    expect(INTERESTS_MINIMUM_MESSAGE).toBe('Please pick at least 3 interests.');
    expect(problem({ step: 'interests', interest_ids: ['1', '2', '2'] })).toBe('Each interest once, please.');
    expect(problem({ step: 'interests', interest_ids: ['1', '2', 'x'] })).toBe('Not found.');
    expect(problem({ step: 'done' })).toBe('Unknown onboarding step.');
    expect(NuxAnswer.safeParse({ step: 'interests', interest_ids: ['1', '2', '3'] }).success).toBe(true);
  });

  it('country and language from the lists; gender optional, a custom one described', () => {
    const problem = (input: unknown) => NuxAnswer.safeParse(input).error?.issues[0]?.message;
    expect(problem({ step: 'country_language', country: 'XX', locale: 'en_US' })).toBe('Please choose a country.');
    expect(problem({ step: 'country_language', country: 'DE', locale: 'de_XX' })).toBe('Please choose a language.');
    expect(NuxAnswer.safeParse({ step: 'country_language', country: 'DE', locale: 'de' }).success).toBe(true);
    expect(NuxAnswer.safeParse({ step: 'gender', gender: null }).success).toBe(true);
    expect(problem({ step: 'gender', gender: 'custom', custom_gender: ' ' })).toBe('Please describe your gender.');
    expect(problem({ step: 'gender', gender: 'robot' })).toBe('Please choose a gender.');
  });
});
