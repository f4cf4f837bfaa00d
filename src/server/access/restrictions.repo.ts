import type { Db } from '../db/database.ts';

/** A member's standing restriction (docs/decisions/0044-moderation.md); undefined when there is none. */
export async function restrictionOf(db: Db, userId: string): Promise<{ write_banned: number; suspended: number } | undefined> {
  return db.selectFrom('member_restrictions').select(['write_banned', 'suspended']).where('user_id', '=', userId).executeTakeFirst();
}
