import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Reactions to pins (business spec: "Reaction: id of the form pin:user:type"): one per member and
 * pin, and the counts by type kept beside them in the same transaction, so a feed reads a pin's
 * counts without counting its reactions (docs/decisions/0029-reactions-and-closeup-preload.md).
 */
export function reactions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pin_reactions')
        .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reaction_type', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('pin_reactions_pk', ['pin_id', 'user_id'])
        .execute();
      // A member's reactions, for the cascade when an account goes.
      await db.schema.createIndex('pin_reactions_by_user').on('pin_reactions').column('user_id').execute();

      await db.schema
        .createTable('pin_reaction_counts')
        .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
        .addColumn('reaction_type', 'integer', (c) => c.notNull())
        .addColumn('reaction_count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('pin_reaction_counts_pk', ['pin_id', 'reaction_type'])
        .execute();
    },
  };
}
