import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ConversationMemberStatus, ConversationsTable, MessagesTable } from '../db/schema/live-messages.ts';

export type ConversationRow = ConversationsTable;
export type MemberRow = { conversation_id: string; user_id: string; status: ConversationMemberStatus; read_seq: number };

/** The one direct conversation between two members, if they have one. */
export async function directConversationBetween(db: Db, a: string, b: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversation_members as x')
    .innerJoin('conversation_members as y', 'y.conversation_id', 'x.conversation_id')
    .innerJoin('conversations as c', 'c.id', 'x.conversation_id')
    .select('c.id')
    .where('x.user_id', '=', a)
    .where('y.user_id', '=', b)
    .where('c.is_group', '=', 0)
    .executeTakeFirst();
  return row?.id;
}

export async function insertConversation(trx: Db, row: ConversationRow): Promise<void> {
  await trx.insertInto('conversations').values(row).execute();
}

export async function insertMembers(trx: Db, rows: (MemberRow & { joined_at: number })[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('conversation_members')
    .values(rows)
    .onConflict((oc) => oc.columns(['conversation_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteMember(trx: Db, conversationId: string, userId: string): Promise<void> {
  await trx.deleteFrom('conversation_members').where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
}

export async function setMemberStatus(trx: Db, conversationId: string, userId: string, status: ConversationMemberStatus): Promise<void> {
  await trx.updateTable('conversation_members').set({ status }).where('conversation_id', '=', conversationId).where('user_id', '=', userId).execute();
}

export async function renameConversation(trx: Db, conversationId: string, name: string): Promise<void> {
  await trx.updateTable('conversations').set({ name }).where('id', '=', conversationId).execute();
}

export async function membersOf(db: Db, conversationIds: readonly string[]): Promise<MemberRow[]> {
  if (conversationIds.length === 0) return [];
  return db
    .selectFrom('conversation_members')
    .select(['conversation_id', 'user_id', 'status', 'read_seq'])
    .where('conversation_id', 'in', conversationIds)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
}

export async function conversationRows(db: Db, ids: readonly string[]): Promise<ConversationRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('conversations').selectAll().where('id', 'in', ids).execute();
}

/** The member's conversations (or requests waiting for them), latest message first, before a position. */
export async function conversationIdsOf(
  db: Db,
  userId: string,
  statuses: readonly ConversationMemberStatus[],
  limit: number,
  before?: { at: number; id: string },
): Promise<{ id: string; last_message_at: number }[]> {
  let query = db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select(['c.id', 'c.last_message_at'])
    .where('m.user_id', '=', userId)
    .where('m.status', 'in', statuses);
  if (before) {
    query = query.where((eb) =>
      eb.or([eb('c.last_message_at', '<', before.at), eb.and([eb('c.last_message_at', '=', before.at), eb('c.id', '<', before.id)])]),
    );
  }
  return query.orderBy('c.last_message_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
}

/** Conversations with messages after the member's read pointer (theirs and requests waiting for them). */
export async function unseenConversationCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('conversation_members as m')
    .innerJoin('conversations as c', 'c.id', 'm.conversation_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('m.user_id', '=', userId)
    .where('m.status', 'in', ['accepted', 'request'])
    .whereRef('c.last_seq', '>', 'm.read_seq')
    .executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * Takes the conversation's next message number: the update holds its row lock until commit, so
 * messages of one conversation are numbered in commit order.
 */
export async function takeMessageSeq(trx: Db, conversationId: string, now: number): Promise<number> {
  const row = await trx
    .updateTable('conversations')
    .set({ last_seq: sql<number>`last_seq + 1`, last_message_at: now })
    .where('id', '=', conversationId)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

export async function setReadSeq(trx: Db, conversationId: string, userId: string, seq: number): Promise<void> {
  await trx
    .updateTable('conversation_members')
    .set({ read_seq: seq })
    .where('conversation_id', '=', conversationId)
    .where('user_id', '=', userId)
    .where('read_seq', '<', seq)
    .execute();
}

export async function insertMessage(trx: Db, row: MessagesTable): Promise<void> {
  await trx.insertInto('messages').values(row).execute();
}

export async function messageByClientId(db: Db, senderId: string, clientId: string): Promise<MessagesTable | undefined> {
  return db.selectFrom('messages').selectAll().where('sender_id', '=', senderId).where('client_id', '=', clientId).executeTakeFirst();
}

/** A page of a conversation's messages, newest first, before a message number. */
export async function messagesPage(db: Db, conversationId: string, limit: number, beforeSeq?: number): Promise<MessagesTable[]> {
  let query = db.selectFrom('messages').selectAll().where('conversation_id', '=', conversationId);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  return query.orderBy('seq', 'desc').limit(limit).execute();
}

/** The newest message of each conversation. */
export async function lastMessages(db: Db, conversations: readonly ConversationRow[]): Promise<MessagesTable[]> {
  const withMessages = conversations.filter((c) => c.last_seq > 0);
  if (withMessages.length === 0) return [];
  return db
    .selectFrom('messages')
    .selectAll()
    .where((eb) => eb.or(withMessages.map((c) => eb.and([eb('conversation_id', '=', c.id), eb('seq', '=', c.last_seq)]))))
    .execute();
}

export type Sender = { id: string; username: string; full_name: string; image_medium_url: string | null };
