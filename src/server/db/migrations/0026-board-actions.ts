import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Board blocking actions (docs/decisions/0047-board-blocking-actions.md): one row per organize
 * action a board's owner started, run by a job in steps; each step commits its moves with the
 * action's progress, so a crash resumes where the last commit left it.
 */
export function boardActions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('board_actions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
        // '-1' for the whole board, null for its pins outside any section, else the section's id.
        .addColumn('section_id', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'text', (c) => c.notNull())
        .addColumn('target_board_id', 'text')
        .addColumn('target_section_id', 'text')
        // The selected pins (JSON array of ids); a section's deletion reads its pins as it goes.
        .addColumn('pin_ids', 'text', (c) => c.notNull())
        .addColumn('pin_count', 'integer', (c) => c.notNull())
        .addColumn('done_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('moved_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('removed_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .execute();
      // A board's actions, newest first; its running ones are what an edit checks.
      await db.schema.createIndex('board_actions_board').on('board_actions').columns(['board_id', 'state', 'created_at']).execute();
    },
  };
}
