import { isEnabledGroup } from './session-refresh.ts';

/**
 * Experiments and experiences as both sides read them (spec sections 3, 4, 6 and 9). Which group a
 * viewer is in is decided by the server while it renders (src/server/experiments/assignment.ts) and
 * reaches the page in the bootstrap, so no variant flickers in after start-up.
 */

export { isEnabledGroup };

/** An experiment's or a group's name: what EXPERIMENTS and the admin screen accept. */
export const EXPERIMENT_NAME = /^[a-z0-9_]{1,64}$/;

/** Members kept out of an experiment by its holdout are in this group, which never counts as enabled. */
export const HOLDOUT_GROUP = 'holdout';

/** The most of its members an experiment may hold out (percent). */
export const MAX_HOLDOUT_PERCENT = 90;

/** The visitor's random id cookie: a stable assignment for signed-out browsers (decision 0042). */
export const VISITOR_ID_COOKIE = 'cb_visitor';

/** Whether the viewer's group of `experiment` counts as enabled (spec section 6). */
export function experimentEnabled(active: Readonly<Record<string, string>>, experiment: string): boolean {
  const group = active[experiment];
  return group !== undefined && isEnabledGroup(group);
}

/** Experience statuses; completed and dismissed remove the experience from its placement (spec section 4). */
export const EXPERIENCE_STATUSES = ['viewed', 'completed', 'dismissed'] as const;
export type ExperienceStatus = (typeof EXPERIENCE_STATUSES)[number];

/** Spec section 9: experience 1000069 with experience_id 500417 hides the pin-grid footer. */
export const PIN_FOOTER_PLACEMENT = '1000069';
export const PIN_FOOTER_HIDDEN_EXPERIENCE = 500417;

/**
 * The experiences this product knows, by placement: each is offered to members whose group of its
 * experiment is enabled, until they complete or dismiss it.
 */
export const EXPERIENCE_CATALOGUE = [
  { placement: PIN_FOOTER_PLACEMENT, experience_id: PIN_FOOTER_HIDDEN_EXPERIENCE, experiment: 'web_pin_footer_hidden' },
] as const;

export type Experience = { experience_id: number; status: string; placement: string };

/** The initial state's experiences: placement → the experience it shows. */
export type Experiences = Record<string, Experience>;

/** Spec section 4: completed or dismissed removes the experience from its placement; any other status replaces it. */
export function withExperienceStatus(experiences: Experiences, placement: string, experience: Experience): Experiences {
  const others = Object.fromEntries(Object.entries(experiences).filter(([key]) => key !== placement));
  return experience.status === 'completed' || experience.status === 'dismissed' ? others : { ...others, [placement]: experience };
}

/** Whether the pin-grid footer stays hidden for this viewer (spec sections 4 and 9). */
export function pinFooterHidden(experiences: Readonly<Record<string, unknown>>): boolean {
  const experience = experiences[PIN_FOOTER_PLACEMENT] as Partial<Experience> | undefined;
  return experience?.experience_id === PIN_FOOTER_HIDDEN_EXPERIENCE;
}
