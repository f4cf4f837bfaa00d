import { z } from 'zod';
import { LOCALES } from '../constants.ts';
import { COUNTRY_CODES, NUX_GENDERS, NUX_INTERESTS_MAX, NUX_STEPS } from '../nux.ts';
import { Id } from './common.ts';
import { resourceContract } from './contract.ts';

/** Where the member is in onboarding; `completed` once the last step is answered. */
export const NuxState = z.object({
  step: z.enum(NUX_STEPS),
  completed: z.boolean(),
  /** The topics the member follows: the interests step starts from them when gone Back to. */
  interest_ids: z.array(z.string()),
  country: z.string(),
  locale: z.string(),
  gender: z.string().nullable(),
  custom_gender: z.string().nullable(),
});
export type NuxState = z.infer<typeof NuxState>;

const InterestIds = z
  .array(Id)
  .max(NUX_INTERESTS_MAX, `Please pick at most ${NUX_INTERESTS_MAX} interests.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each interest once, please.');

const Gender = z.enum(NUX_GENDERS, 'Please choose a gender.');

/** One answer per step; the step answered is named, so a late or repeated answer cannot skip ahead. */
export const NuxAnswer = z.discriminatedUnion(
  'step',
  [
    z.object({ step: z.literal('welcome') }),
    z.object({ step: z.literal('interests'), interest_ids: InterestIds }),
    z.object({
      step: z.literal('country_language'),
      country: z.enum(COUNTRY_CODES as [string, ...string[]], 'Please choose a country.'),
      locale: z.enum(LOCALES, 'Please choose a language.'),
    }),
    z
      .object({ step: z.literal('gender'), gender: Gender.nullable(), custom_gender: z.string().trim().max(60).optional() })
      .refine((a) => a.gender !== 'custom' || (a.custom_gender ?? '') !== '', { message: 'Please describe your gender.', path: ['custom_gender'] }),
  ],
  'Unknown onboarding step.',
);
export type NuxAnswer = z.infer<typeof NuxAnswer>;

/** NuxResource: get answers where the member is; update {step, …answers} saves a step and moves on. */
export const NuxResource = resourceContract({
  name: 'NuxResource',
  verbs: {
    get: { input: z.object({}), output: NuxState },
    update: { input: NuxAnswer, output: NuxState },
  },
});

/** A topic of the picture collage, its picture the topic's best pin. */
export const NuxInterest = z.object({
  id: z.string(),
  name: z.string(),
  image_url: z.string(),
  dominant_color: z.string().nullable(),
});
export type NuxInterest = z.infer<typeof NuxInterest>;

/** NuxInterestsResource get: the collage, most followed topics that have a picture first. */
export const NuxInterestsResource = resourceContract({
  name: 'NuxInterestsResource',
  verbs: { get: { input: z.object({}), output: z.array(NuxInterest) } },
});
