import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Operators' experiments and their exposures, members' experiences per placement, and telemetry
 * kept only as aggregates: counts and latency histograms per day, page and name, never a row per
 * person (docs/decisions/0042-experiments-and-telemetry.md).
 */
export function experimentsAndTelemetry(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('experiments')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('groups', 'text', (c) => c.notNull())
        .addColumn('holdout_percent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('experiment_exposures')
        .addColumn('experiment', 'text', (c) => c.notNull())
        .addColumn('group_name', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('experiment_exposures_pk', ['experiment', 'group_name', 'day'])
        .execute();
      await db.schema
        .createTable('member_experiences')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('placement', 'text', (c) => c.notNull())
        .addColumn('experience_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('member_experiences_pk', ['user_id', 'placement', 'experience_id'])
        .execute();
      await db.schema
        .createTable('telemetry_counts')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('telemetry_counts_pk', ['day', 'page', 'name'])
        .execute();
      await db.schema
        .createTable('telemetry_latency')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('page', 'text', (c) => c.notNull())
        .addColumn('metric', 'text', (c) => c.notNull())
        .addColumn('bucket', 'integer', (c) => c.notNull())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('telemetry_latency_pk', ['day', 'page', 'metric', 'bucket'])
        .execute();
    },
  };
}
