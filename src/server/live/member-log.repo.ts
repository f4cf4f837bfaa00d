import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export type LogRow = { seq: number; kind: string; payload: string };

/**
 * Takes `count` numbers from each member's log head: the upsert holds the head's row lock until
 * the transaction ends, so two writers to one member's log number their entries one after the
 * other, and a reader never sees a later number commit before an earlier one. Answers each
 * member's last number taken.
 */
export async function takeSeqs(trx: Db, memberIds: readonly string[], count: number): Promise<Map<string, number>> {
  const rows = await trx
    .insertInto('member_log_heads')
    .values(memberIds.map((member_id) => ({ member_id, last_seq: count })))
    .onConflict((oc) => oc.column('member_id').doUpdateSet({ last_seq: sql<number>`member_log_heads.last_seq + ${count}` }))
    .returning(['member_id', 'last_seq'])
    .execute();
  return new Map(rows.map((r) => [r.member_id, r.last_seq]));
}

export async function insertLogRows(trx: Db, rows: { member_id: string; seq: number; kind: string; payload: string; created_at: number }[]): Promise<void> {
  // Batched: a fan-out to many members is a few statements, not one per member.
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('member_log')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** The member's entries after `after`, oldest first. */
export async function logAfter(db: Db, memberId: string, after: number, limit: number): Promise<LogRow[]> {
  return db
    .selectFrom('member_log')
    .select(['seq', 'kind', 'payload'])
    .where('member_id', '=', memberId)
    .where('seq', '>', after)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

export async function logHead(db: Db, memberId: string): Promise<number> {
  const row = await db.selectFrom('member_log_heads').select('last_seq').where('member_id', '=', memberId).executeTakeFirst();
  return row?.last_seq ?? 0;
}
