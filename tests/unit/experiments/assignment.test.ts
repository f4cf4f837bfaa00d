import { describe, expect, it } from 'vitest';
import { assignExperiments, assignGroup, unitHash, type ExperimentDefinition } from '../../../src/server/experiments/assignment.ts';
import { assignmentUnit } from '../../../src/server/experiments/experiments.service.ts';
import { experimentEnabled, HOLDOUT_GROUP, pinFooterHidden, withExperienceStatus } from '../../../src/shared/experiments.ts';

const member = (id: string, employee = false) => ({ id, member: true, employee });
const visitor = (id: string) => ({ id, member: false, employee: false });
const ids = Array.from({ length: 20_000 }, (_, i) => String(1_000_000 + i * 7));

const split: ExperimentDefinition = {
  name: 'web_split',
  groups: [
    { name: 'control', weight: 1 },
    { name: 'enabled', weight: 3 },
  ],
  holdout_percent: 0,
};

function shares(experiment: ExperimentDefinition, unit: (id: string) => { id: string; member: boolean; employee: boolean }) {
  const counts = new Map<string, number>();
  for (const id of ids) {
    const group = assignGroup(experiment, unit(id)) ?? 'none';
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([group, count]) => [group, count / ids.length]));
}

describe('experiment assignment (spec section 6)', () => {
  it('is stable: the same experiment and id give the same group every time', () => {
    for (const id of ids.slice(0, 200)) expect(assignGroup(split, member(id))).toBe(assignGroup(split, member(id)));
    expect(unitHash('web_split:42')).toBe(unitHash('web_split:42'));
  });

  it('follows the weights (1:3 within a point and a half)', () => {
    const got = shares(split, member);
    expect(got['control']).toBeGreaterThan(0.235);
    expect(got['control']).toBeLessThan(0.265);
    expect(got['enabled']).toBeGreaterThan(0.735);
  });

  it('hashes the experiment name with the id, so experiments split independently', () => {
    const other = { ...split, name: 'web_other' };
    const same = ids.filter((id) => assignGroup(split, member(id)) === assignGroup(other, member(id))).length / ids.length;
    // Independent 1:3 splits agree on 0.25² + 0.75² = 62.5% of ids.
    expect(same).toBeGreaterThan(0.6);
    expect(same).toBeLessThan(0.65);
  });

  it('holds out the given share of members, and never visitors', () => {
    const held = { ...split, holdout_percent: 20 };
    expect(shares(held, member)[HOLDOUT_GROUP]).toBeGreaterThan(0.185);
    expect(shares(held, member)[HOLDOUT_GROUP]).toBeLessThan(0.215);
    expect(shares(held, visitor)[HOLDOUT_GROUP]).toBeUndefined();
  });

  it('puts only employees in groups starting with employee', () => {
    const dogfood: ExperimentDefinition = {
      name: 'web_dogfood',
      groups: [
        { name: 'control', weight: 1 },
        { name: 'employee_preview', weight: 1 },
      ],
      holdout_percent: 0,
    };
    expect(shares(dogfood, member)['control']).toBe(1);
    expect(shares(dogfood, (id) => member(id, true))['employee_preview']).toBeGreaterThan(0.45);
  });

  it('counts groups starting with enabled or employee as enabled, holdout and control not', () => {
    expect(experimentEnabled({ a: 'enabled_big' }, 'a')).toBe(true);
    expect(experimentEnabled({ a: 'employee_preview' }, 'a')).toBe(true);
    expect(experimentEnabled({ a: 'control' }, 'a')).toBe(false);
    expect(experimentEnabled({ a: HOLDOUT_GROUP }, 'a')).toBe(false);
    expect(experimentEnabled({}, 'a')).toBe(false);
  });

  it('excludes bots, and lets the EXPERIMENTS config override an assignment', () => {
    expect(assignmentUnit({ actor: { kind: 'visitor' }, employee: false, visitorId: 'abc', isBot: true })).toBeNull();
    expect(assignExperiments([split], null, { web_split: 'enabled' })).toEqual({});
    const unit = assignmentUnit({ actor: { kind: 'visitor' }, employee: false, visitorId: 'abc', isBot: false });
    expect(assignExperiments([split], unit, { web_split: 'enabled_forced' })).toEqual({ web_split: 'enabled_forced' });
    const cookieless = assignmentUnit({ actor: { kind: 'visitor' }, employee: false, visitorId: null, isBot: false });
    expect(assignExperiments([split], cookieless, { web_x: 'enabled' })).toEqual({ web_x: 'enabled' });
  });
});

describe('experiences (spec sections 4 and 9)', () => {
  const footer = { experience_id: 500417, status: 'active', placement: '1000069' };

  it('completed or dismissed removes the experience from its placement; another status replaces it', () => {
    expect(withExperienceStatus({ '1000069': footer }, '1000069', { ...footer, status: 'dismissed' })).toEqual({});
    expect(withExperienceStatus({ '1000069': footer }, '1000069', { ...footer, status: 'completed' })).toEqual({});
    expect(withExperienceStatus({}, '1000069', { ...footer, status: 'viewed' })).toEqual({ '1000069': { ...footer, status: 'viewed' } });
  });

  it('experience 1000069 with experience_id 500417 hides the pin footer', () => {
    expect(pinFooterHidden({ '1000069': footer })).toBe(true);
    expect(pinFooterHidden({ '1000069': { ...footer, experience_id: 1 } })).toBe(false);
    expect(pinFooterHidden({})).toBe(false);
  });
});
