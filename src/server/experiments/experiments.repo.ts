import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ExperimentRow } from '../db/schema/experiments.ts';

export async function allExperiments(db: Db): Promise<ExperimentRow[]> {
  return db.selectFrom('experiments').selectAll().orderBy('name').execute();
}

export async function experimentRow(db: Db, name: string): Promise<ExperimentRow | undefined> {
  return db.selectFrom('experiments').selectAll().where('name', '=', name).executeTakeFirst();
}

/** Inserts the experiment; false when one of that name exists. */
export async function insertExperiment(db: Db, row: ExperimentRow): Promise<boolean> {
  const result = await db
    .insertInto('experiments')
    .values(row)
    .onConflict((oc) => oc.column('name').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateExperiment(db: Db, name: string, changes: Pick<ExperimentRow, 'groups' | 'holdout_percent' | 'updated_at'>): Promise<boolean> {
  const result = await db.updateTable('experiments').set(changes).where('name', '=', name).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteExperiment(db: Db, name: string): Promise<boolean> {
  const result = await db.deleteFrom('experiments').where('name', '=', name).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Exposure counts per experiment and group, over all days. */
export async function exposureTotals(db: Db): Promise<{ experiment: string; group_name: string; count: number }[]> {
  const rows = await db
    .selectFrom('experiment_exposures')
    .select(['experiment', 'group_name', sql<string | number>`sum(count)`.as('count')])
    .groupBy(['experiment', 'group_name'])
    .orderBy('experiment')
    .orderBy('group_name')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Adds exposures to the day's counts: one statement per batch, whatever its size. */
export async function addExposures(db: Db, rows: { experiment: string; group_name: string; day: string; count: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('experiment_exposures')
    .values(rows)
    .onConflict((oc) => oc.columns(['experiment', 'group_name', 'day']).doUpdateSet({ count: sql`experiment_exposures.count + excluded.count` }))
    .execute();
}

export async function deleteExposures(db: Db, experiment: string): Promise<void> {
  await db.deleteFrom('experiment_exposures').where('experiment', '=', experiment).execute();
}

export async function experienceStatuses(db: Db, userId: string): Promise<{ placement: string; experience_id: number; status: string }[]> {
  return db.selectFrom('member_experiences').select(['placement', 'experience_id', 'status']).where('user_id', '=', userId).execute();
}

export async function saveExperienceStatus(
  db: Db,
  row: { user_id: string; placement: string; experience_id: number; status: string; updated_at: number },
): Promise<void> {
  await db
    .insertInto('member_experiences')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'placement', 'experience_id']).doUpdateSet({ status: row.status, updated_at: row.updated_at }))
    .execute();
}
