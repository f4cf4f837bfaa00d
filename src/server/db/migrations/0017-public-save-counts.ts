import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * A pin's save count (its shown repin count, and what search and discovery rank by) counts saves on
 * public boards only: a save on a secret board is as secret as the board. Counts kept before
 * counted every save; they are recounted, and the search documents take the new counts.
 */
export function publicSaveCounts(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`update pins set save_count = (
        select count(*) from board_pins bp inner join boards b on b.id = bp.board_id
        where bp.pin_id = pins.id and b.privacy = 'public')
        where deleted_at is null`.execute(db);
      await sql`update search_pins set save_count = (select p.save_count from pins p where p.id = search_pins.pin_id)
        where exists (select 1 from pins p where p.id = search_pins.pin_id)`.execute(db);
    },
  };
}
