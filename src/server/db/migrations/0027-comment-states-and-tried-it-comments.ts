import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Two hiding states on comments and comments on tried-its (docs/decisions/0048-comment-states.md).
 * `owner_hidden` is the pin owner's hide, `removed` an operator's removal or the weighted flags'
 * hide; `hidden` stays as the one flag every read and index filters on, kept equal to
 * `owner_hidden or removed` by the only functions that write them (access/comment-hiding.repo.ts).
 * A comment on a tried-it names it in `did_it_id` (its pin_id is the tried-it's pin, so the pin's
 * access and deletion still govern it); its count is the tried-it's `comment_count`, not the pin's.
 * A tried-it an operator removed has `removed` set: it leaves every list and count but its author's.
 */
export function commentStatesAndTriedItComments(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('comments')
        .addColumn('owner_hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('comments')
        .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('comments')
        .addColumn('did_it_id', 'text', (c) => c.references('did_its.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('did_its')
        .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // An operator's removal of a tried-it (a report's decision): gone for all but its author.
      await db.schema
        .alterTable('did_its')
        .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // A comment hidden before this had one flag: a comment case means an operator or the flags
      // hid it (removed), otherwise its pin's owner did.
      await sql`update comments set removed = 1 where hidden = 1 and exists (select 1 from moderation_cases m where m.target_type = 'comment' and m.target_id = comments.id)`.execute(
        db,
      );
      await sql`update comments set owner_hidden = 1 where hidden = 1 and removed = 0`.execute(db);
      // A tried-it's comments and replies, each level paged as a pin's are.
      await db.schema.createIndex('comments_by_did_it').on('comments').columns(['did_it_id', 'parent_id', 'hidden', 'created_at', 'id']).execute();
    },
  };
}
