import type { Db } from '../db/database.ts';

export type ConversationPlace = { status: string; is_group: number; others: string[] };

/** The member's place in a conversation and its other members; undefined when they are not in it. */
export async function conversationPlace(db: Db, conversationId: string, userId: string): Promise<ConversationPlace | undefined> {
  const rows = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['m.user_id', 'm.status', 'c.is_group'])
    .where('m.conversation_id', '=', conversationId)
    .execute();
  const mine = rows.find((r) => r.user_id === userId);
  if (!mine) return undefined;
  return { status: mine.status, is_group: mine.is_group, others: rows.filter((r) => r.user_id !== userId).map((r) => r.user_id) };
}

/** Of `others`, those with a block between them and `userId`, either way. */
export async function blockedAmong(db: Db, userId: string, others: readonly string[]): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select(['blocker_id', 'blocked_id'])
    .where((eb) =>
      eb.or([eb.and([eb('blocker_id', '=', userId), eb('blocked_id', 'in', others)]), eb.and([eb('blocked_id', '=', userId), eb('blocker_id', 'in', others)])]),
    )
    .execute();
  return new Set(rows.map((r) => (r.blocker_id === userId ? r.blocked_id : r.blocker_id)));
}
