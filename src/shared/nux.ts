/**
 * Onboarding after sign-up (NUX, business spec sections 2 and 3): steps starting at "welcome",
 * pure so that the page and the service share every rule.
 */
export const NUX_STEPS = ['welcome', 'interests', 'country_language', 'gender'] as const;
export type NuxStep = (typeof NUX_STEPS)[number];

/** Interests to pick before Next is enabled, and the most one may pick. */
export const NUX_INTERESTS_MIN = 3;
export const NUX_INTERESTS_MAX = 30;

/** Topics shown in the picture collage. */
export const NUX_COLLAGE_SIZE = 24;

export const NUX_GENDERS = ['female', 'male', 'custom', 'unspecified'] as const;

/** The step after `step`, or null after the last one (onboarding is then finished). */
export function nextNuxStep(step: NuxStep): NuxStep | null {
  return NUX_STEPS[NUX_STEPS.indexOf(step) + 1] ?? null;
}

/** The step before `step` (Back), or null on the first. */
export function previousNuxStep(step: NuxStep): NuxStep | null {
  const at = NUX_STEPS.indexOf(step);
  return at > 0 ? (NUX_STEPS[at - 1] ?? null) : null;
}

/**
 * A step may be answered when reached: the current one, or one before it that the member went
 * Back to. A later step cannot be answered before the ones ahead of it.
 */
export function canAnswerNuxStep(current: NuxStep, answered: NuxStep): boolean {
  return NUX_STEPS.indexOf(answered) <= NUX_STEPS.indexOf(current);
}

/** The interests to pick: 3, or every topic there is on an instance that has fewer (a new one). */
export function interestsMinimum(available: number): number {
  return Math.min(NUX_INTERESTS_MIN, available);
}

/** Next is enabled on the interests step from the minimum on. */
export function interestsReady(chosen: number, available: number): boolean {
  return chosen >= interestsMinimum(available) && chosen <= NUX_INTERESTS_MAX;
}

export const INTERESTS_MINIMUM_MESSAGE = `Please pick at least ${NUX_INTERESTS_MIN} interests.`;

export function isNuxStep(value: string): value is NuxStep {
  return (NUX_STEPS as readonly string[]).includes(value);
}

/** ISO 3166-1 alpha-2 codes the country step offers (names come from the browser's Intl). */
export const COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
