import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ConsentFlags } from '../users/consent.ts';
import type { TelemetryCountsTable, TelemetryLatencyTable } from '../db/schema/experiments.ts';

/** The member's three cookie-consent flags as stored, or null when the account is gone. */
export async function consentFlags(db: Db, userId: string): Promise<ConsentFlags | null> {
  const row = await db
    .selectFrom('users')
    .select(['allow_personalization_cookies', 'allow_analytic_cookies', 'allow_marketing_cookies'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** Adds counts to the day's aggregates in one statement (rows already summed per key). */
export async function addCounts(db: Db, rows: TelemetryCountsTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('telemetry_counts')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'page', 'name']).doUpdateSet({ count: sql`telemetry_counts.count + excluded.count` }))
    .execute();
}

/** Adds samples to the day's latency histograms in one statement (rows already summed per key). */
export async function addLatencies(db: Db, rows: TelemetryLatencyTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('telemetry_latency')
    .values(rows)
    .onConflict((oc) => oc.columns(['day', 'page', 'metric', 'bucket']).doUpdateSet({ count: sql`telemetry_latency.count + excluded.count` }))
    .execute();
}

/** Counts of the named aggregates per day from `fromDay` on, over every page. */
export async function countsByDay(db: Db, names: readonly string[], fromDay: string): Promise<{ day: string; name: string; count: number }[]> {
  const rows = await db
    .selectFrom('telemetry_counts')
    .select(['day', 'name', sql<string | number>`sum(count)`.as('count')])
    .where('name', 'in', names)
    .where('day', '>=', fromDay)
    .groupBy(['day', 'name'])
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Page views of one page type per day (the search page's: searches). */
export async function pageCountsByDay(db: Db, name: string, page: string, fromDay: string): Promise<{ day: string; count: number }[]> {
  const rows = await db
    .selectFrom('telemetry_counts')
    .select(['day', sql<string | number>`sum(count)`.as('count')])
    .where('name', '=', name)
    .where('page', '=', page)
    .where('day', '>=', fromDay)
    .groupBy('day')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Histogram buckets per page and metric from `fromDay` on. */
export async function latencyHistograms(db: Db, fromDay: string): Promise<{ page: string; metric: string; bucket: number; count: number }[]> {
  const rows = await db
    .selectFrom('telemetry_latency')
    .select(['page', 'metric', 'bucket', sql<string | number>`sum(count)`.as('count')])
    .where('day', '>=', fromDay)
    .groupBy(['page', 'metric', 'bucket'])
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

/** Saves per day (UTC day number) from the event log: pins saved and pins created, which are saves too. */
export async function savesByDay(db: Db, fromMs: number): Promise<{ day: number; count: number }[]> {
  // A literal divisor: PostgreSQL matches the grouped expression to the selected one by its text.
  const day = sql<number>`created_at / 86400000`;
  const rows = await db
    .selectFrom('domain_events')
    .select([day.as('day'), sql<string | number>`count(*)`.as('count')])
    .where('type', 'in', ['pin.saved', 'pin.created'])
    .where('created_at', '>=', fromMs)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: Math.floor(r.day), count: Number(r.count) }));
}
