import type { ExperimentFields, ExperimentGroup } from '../../shared/contracts/experiments.ts';

/** The groups field of the operators' form: `control:1, enabled:1`. */
export function groupsText(groups: readonly ExperimentGroup[]): string {
  return groups.map((g) => `${g.name}:${String(g.weight)}`).join(', ');
}

/** The form's groups text as groups; a part without a weight weighs 1 (the server checks the rest). */
export function parseGroups(text: string): ExperimentGroup[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [name = '', weight] = part.split(':').map((s) => s.trim());
      return { name, weight: weight === undefined || weight === '' ? 1 : Number(weight) };
    });
}

export type ExperimentValues = { name: string; groups: string; holdout: string };

export const EMPTY_EXPERIMENT: ExperimentValues = { name: '', groups: 'control:1, enabled:1', holdout: '0' };

export function experimentFields(values: ExperimentValues): ExperimentFields {
  return { name: values.name.trim(), groups: parseGroups(values.groups), holdout_percent: Number(values.holdout || '0') };
}
