import { z } from 'zod';
import type { Actor } from '../access/actor.ts';
import { requireOperator } from '../access/operators.ts';
import type { Db } from '../db/database.ts';
import type { ExperimentRow } from '../db/schema/experiments.ts';
import type { Deps } from '../deps.ts';
import { transact } from '../db/transaction.ts';
import { AppError } from '../errors.ts';
import { ExperimentGroup, type ExperimentFields, type ExperimentJson } from '../../shared/contracts/experiments.ts';
import { assignExperiments, type AssignmentUnit, type ExperimentDefinition } from './assignment.ts';
import { allExperiments, deleteExperiment, deleteExposures, experimentRow, exposureTotals, insertExperiment, updateExperiment } from './experiments.repo.ts';

/**
 * Operator-defined experiments (docs/decisions/0042): the operators' screen defines them, every
 * page render assigns the viewer's groups from them, the EXPERIMENTS config laid over the result.
 */

/** How long a node serves the definitions it read before reading them again (other nodes' changes). */
export const DEFINITIONS_TTL_MS = 5_000;

type Cached = { readAt: number; definitions: ExperimentDefinition[] };
const cache = new WeakMap<Db, Cached | Promise<ExperimentDefinition[]>>();

const Groups = z.array(ExperimentGroup);

function definitionOf(row: ExperimentRow): ExperimentDefinition {
  return { name: row.name, groups: Groups.parse(JSON.parse(row.groups)), holdout_percent: row.holdout_percent };
}

/** The defined experiments, read at most once per DEFINITIONS_TTL_MS per node (a page render must not wait on it). */
export async function experimentDefinitions(db: Db, now = Date.now()): Promise<ExperimentDefinition[]> {
  const cached = cache.get(db);
  if (cached instanceof Promise) return cached;
  if (cached && now - cached.readAt < DEFINITIONS_TTL_MS) return cached.definitions;
  const reading = allExperiments(db).then((rows) => rows.map(definitionOf));
  cache.set(db, reading);
  try {
    const definitions = await reading;
    cache.set(db, { readAt: now, definitions });
    return definitions;
  } catch (error) {
    cache.delete(db);
    throw error;
  }
}

/** The unit to assign: null for a bot (spec section 6: bots are in no experiment). */
export function assignmentUnit(input: { actor: Actor; employee: boolean; visitorId: string | null; isBot: boolean }): AssignmentUnit | null {
  if (input.isBot) return null;
  if (input.actor.kind !== 'visitor') return { id: input.actor.userId, member: true, employee: input.employee };
  return { id: input.visitorId, member: false, employee: false };
}

/** The bootstrap's active experiments for this unit. */
export async function activeExperiments(deps: Deps, unit: AssignmentUnit | null): Promise<Record<string, string>> {
  if (unit === null) return {};
  return assignExperiments(await experimentDefinitions(deps.db), unit, deps.config.experiments);
}

function present(row: ExperimentRow, exposures: { group: string; count: number }[]): ExperimentJson {
  const definition = definitionOf(row);
  return {
    name: row.name,
    groups: [...definition.groups],
    holdout_percent: row.holdout_percent,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
    exposures,
  };
}

/** ExperimentAdminResource get: every experiment with its exposures per group. */
export async function listExperiments(deps: Deps, actor: Actor): Promise<ExperimentJson[]> {
  await requireOperator(deps, actor);
  const [rows, totals] = await Promise.all([allExperiments(deps.db), exposureTotals(deps.db)]);
  return rows.map((row) =>
    present(
      row,
      totals.filter((t) => t.experiment === row.name).map((t) => ({ group: t.group_name, count: t.count })),
    ),
  );
}

/** create: a new experiment; its name must be free. */
export async function createExperiment(deps: Deps, actor: Actor, fields: ExperimentFields): Promise<ExperimentJson> {
  const operator = await requireOperator(deps, actor);
  const now = Date.now();
  const row: ExperimentRow = { ...fields, groups: JSON.stringify(fields.groups), created_by: operator.userId, created_at: now, updated_at: now };
  if (!(await insertExperiment(deps.db, row))) throw new AppError('conflict', 'An experiment with this name exists.');
  cache.delete(deps.db);
  return present(row, []);
}

/** update: new groups or holdout for an experiment; its exposures so far are kept. */
export async function changeExperiment(deps: Deps, actor: Actor, fields: ExperimentFields): Promise<ExperimentJson> {
  await requireOperator(deps, actor);
  const changed = await updateExperiment(deps.db, fields.name, {
    groups: JSON.stringify(fields.groups),
    holdout_percent: fields.holdout_percent,
    updated_at: Date.now(),
  });
  if (!changed) throw new AppError('not_found');
  cache.delete(deps.db);
  const row = await experimentRow(deps.db, fields.name);
  if (!row) throw new AppError('not_found');
  const totals = await exposureTotals(deps.db);
  return present(
    row,
    totals.filter((t) => t.experiment === row.name).map((t) => ({ group: t.group_name, count: t.count })),
  );
}

/** delete: the experiment and its exposures; viewers fall back to the EXPERIMENTS config, if it names it. */
export async function removeExperiment(deps: Deps, actor: Actor, name: string): Promise<null> {
  await requireOperator(deps, actor);
  const deleted = await transact(deps.db, async (trx) => {
    await deleteExposures(trx, name);
    return deleteExperiment(trx, name);
  });
  if (!deleted) throw new AppError('not_found');
  cache.delete(deps.db);
  return null;
}
