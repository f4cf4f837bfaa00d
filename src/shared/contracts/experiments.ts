import { z } from 'zod';
import { EXPERIENCE_STATUSES, EXPERIMENT_NAME, MAX_HOLDOUT_PERCENT } from '../experiments.ts';
import { resourceContract } from './contract.ts';

/*
 * Experiments and experiences (spec sections 3, 4, 6 and 7; docs/decisions/0042): the operators'
 * screen, exposures from the client, and members' experiences per placement.
 */

const Name = z.string().regex(EXPERIMENT_NAME, 'Use 1 to 64 lowercase letters, digits or underscores.');

export const ExperimentGroup = z.object({ name: Name, weight: z.number().int('Use a whole number.').min(0).max(1000) });
export type ExperimentGroup = z.infer<typeof ExperimentGroup>;

export const ExperimentFields = z.object({
  name: Name,
  groups: z
    .array(ExperimentGroup)
    .min(1, 'Give the experiment at least one group.')
    .max(10, 'An experiment has at most 10 groups.')
    .refine((groups) => new Set(groups.map((g) => g.name)).size === groups.length, 'Each group needs its own name.')
    .refine((groups) => groups.some((g) => g.weight > 0), 'At least one group needs a weight above 0.')
    .refine((groups) => groups.every((g) => g.name !== 'holdout'), 'holdout is the name of the held-out members.'),
  holdout_percent: z.number().int('Use a whole number.').min(0).max(MAX_HOLDOUT_PERCENT),
});
export type ExperimentFields = z.infer<typeof ExperimentFields>;

export const ExposureCount = z.object({ group: z.string(), count: z.number() });

export const ExperimentJson = ExperimentFields.extend({
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  /** Exposures recorded by ActivateExperimentResource, per group, all days. */
  exposures: z.array(ExposureCount),
});
export type ExperimentJson = z.infer<typeof ExperimentJson>;

/** ExperimentAdminResource: operators list (with exposures), define (create or update) and delete experiments. */
export const ExperimentAdminResource = resourceContract({
  name: 'ExperimentAdminResource',
  verbs: {
    get: { input: z.object({}), output: z.array(ExperimentJson) },
    create: { input: ExperimentFields, output: ExperimentJson },
    update: { input: ExperimentFields, output: ExperimentJson },
    delete: { input: z.object({ name: Name }), output: z.null() },
  },
});

const Activation = z.object({ experiment_name: Name, experiment_group: Name });

/** ActivateExperimentResource create: one experiment_name and experiment_group, or a batch of them. */
export const ActivateExperimentResource = resourceContract({
  name: 'ActivateExperimentResource',
  verbs: {
    create: {
      input: z.union([Activation, z.object({ experiments: z.array(Activation).min(1).max(50) })]),
      output: z.object({ recorded: z.number().int() }),
    },
  },
});

const Placement = z.string().regex(/^\d{1,12}$/, 'A placement is a number.');

export const ExperienceJson = z.object({ experience_id: z.number().int(), status: z.string(), placement: z.string() });

/**
 * ExperiencesResource: get the viewer's experiences (all placements, or the ones named), keyed by
 * placement; update marks one viewed, completed or dismissed (the last two remove it: answers null).
 */
export const ExperiencesResource = resourceContract({
  name: 'ExperiencesResource',
  verbs: {
    get: { input: z.object({ placement_ids: z.array(Placement).min(1).max(50).optional() }), output: z.record(z.string(), ExperienceJson) },
    update: {
      input: z.object({ placement_id: Placement, experience_id: z.number().int().min(1).max(2_147_483_647), status: z.enum(EXPERIENCE_STATUSES) }),
      output: ExperienceJson.nullable(),
    },
  },
});
