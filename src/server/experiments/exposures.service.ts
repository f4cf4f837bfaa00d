import type { Actor } from '../access/actor.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { analyticsAllowed } from '../telemetry/consent.ts';
import { utcDay } from '../telemetry/aggregate.ts';
import { addExposures } from './experiments.repo.ts';

export type Activation = { experiment_name: string; experiment_group: string };

/**
 * ActivateExperimentResource create: the client saw a variant, so the viewer counts as exposed
 * to it. Only the group the server assigned may be reported; the count is a per-day total per
 * group, kept only when the viewer allowed analytics. Bots are in no experiment: nothing to record.
 */
export async function recordExposures(
  deps: Deps,
  actor: Actor,
  input: { active: Readonly<Record<string, string>>; activations: readonly Activation[]; cookies: Readonly<Record<string, string | undefined>>; now?: number },
): Promise<number> {
  const seen = new Map<string, string>();
  for (const { experiment_name: name, experiment_group: group } of input.activations) {
    const assigned = input.active[name];
    if (assigned === undefined) throw new AppError('bad_request', `You are in no group of ${name}.`);
    if (assigned !== group) throw new AppError('bad_request', `Your group of ${name} is not ${group}.`);
    seen.set(name, group);
  }
  if (!(await analyticsAllowed(deps, actor, input.cookies))) return 0;
  const day = utcDay(input.now ?? Date.now());
  await addExposures(
    deps.db,
    [...seen].map(([experiment, group_name]) => ({ experiment, group_name, day, count: 1 })),
  );
  return seen.size;
}
