import { HOLDOUT_GROUP } from '../../shared/experiments.ts';
import type { ExperimentGroup } from '../../shared/contracts/experiments.ts';

/**
 * Which group of an experiment a viewer is in (spec section 6, docs/decisions/0042): a hash of the
 * experiment's name and the member's id (or the visitor's id cookie), so the same viewer lands in
 * the same group on every page and every node, with no row per person. Pure and allocation-light:
 * it runs in every page render.
 */

export type ExperimentDefinition = { name: string; groups: readonly ExperimentGroup[]; holdout_percent: number };

/**
 * Who is assigned: a member (holdouts apply) or a visitor; employees may be put in employee groups.
 * A visitor without the id cookie (a call made before any page) has no id and is in no defined group.
 */
export type AssignmentUnit = { id: string | null; member: boolean; employee: boolean };

const TWO_32 = 4_294_967_296;

/** FNV-1a over the UTF-16 code units, then murmur3's finalizer so nearby ids spread: a fraction in [0, 1). */
export function unitHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / TWO_32;
}

/** Groups starting with `employee` are for employees only; the others share the weights. */
function eligible(group: ExperimentGroup, unit: AssignmentUnit): boolean {
  return group.weight > 0 && (unit.employee || !group.name.startsWith('employee'));
}

/** The unit's group, `holdout` for a held-out member, or null when no group is open to it. */
export function assignGroup(experiment: ExperimentDefinition, unit: AssignmentUnit): string | null {
  if (unit.id === null) return null;
  if (unit.member && experiment.holdout_percent > 0 && unitHash(`${experiment.name}:holdout:${unit.id}`) * 100 < experiment.holdout_percent) {
    return HOLDOUT_GROUP;
  }
  let total = 0;
  for (const group of experiment.groups) if (eligible(group, unit)) total += group.weight;
  if (total === 0) return null;
  let point = unitHash(`${experiment.name}:${unit.id}`) * total;
  let last: string | null = null;
  for (const group of experiment.groups) {
    if (!eligible(group, unit)) continue;
    if (point < group.weight) return group.name;
    point -= group.weight;
    last = group.name;
  }
  return last;
}

/**
 * The bootstrap's active experiments: every defined experiment's group for the unit, with the
 * EXPERIMENTS config laid over them (an operator's override wins). Bots (unit null) are in none.
 */
export function assignExperiments(
  experiments: readonly ExperimentDefinition[],
  unit: AssignmentUnit | null,
  overrides: Readonly<Record<string, string>>,
): Record<string, string> {
  if (unit === null) return {};
  const active: Record<string, string> = {};
  for (const experiment of experiments) {
    const group = assignGroup(experiment, unit);
    if (group !== null) active[experiment.name] = group;
  }
  return Object.assign(active, overrides);
}
