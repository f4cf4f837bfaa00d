import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Feedback, ModerationAction, ModerationCase, ModerationNotice, Report } from '../db/schema/moderation.ts';

/** The queries of reports, cases, their log and notices, restrictions and hidden pins (docs/decisions/0044-moderation.md). */

export async function caseOfTarget(db: Db, targetType: string, targetId: string): Promise<ModerationCase | undefined> {
  return db.selectFrom('moderation_cases').selectAll().where('target_type', '=', targetType).where('target_id', '=', targetId).executeTakeFirst();
}

export async function caseById(db: Db, caseId: string): Promise<ModerationCase | undefined> {
  return db.selectFrom('moderation_cases').selectAll().where('id', '=', caseId).executeTakeFirst();
}

/** The case row read for a change, written first so that two operators acting at once take turns (a row lock on PostgreSQL). */
export async function lockCase(db: Db, caseId: string): Promise<ModerationCase | undefined> {
  await db
    .updateTable('moderation_cases')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', caseId)
    .execute();
  return caseById(db, caseId);
}

export async function insertCase(db: Db, row: ModerationCase): Promise<void> {
  await db.insertInto('moderation_cases').values(row).execute();
}

export async function updateCase(db: Db, caseId: string, changes: Partial<Omit<ModerationCase, 'id'>>): Promise<void> {
  await db.updateTable('moderation_cases').set(changes).where('id', '=', caseId).execute();
}

/** The reporter's report on this case since it last opened, if any: a repeated report answers it. */
export async function openReportBy(db: Db, caseId: string, reporterId: string, since: number): Promise<Report | undefined> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

export async function insertReport(db: Db, row: Report): Promise<void> {
  await db.insertInto('reports').values(row).execute();
  await db
    .updateTable('moderation_cases')
    .set({ report_count: sql<number>`report_count + 1` })
    .where('id', '=', row.case_id)
    .execute();
}

export async function waitingCases(db: Db, closed: boolean, limit: number): Promise<ModerationCase[]> {
  const query = db.selectFrom('moderation_cases').selectAll();
  return (closed ? query.where('status', '=', 'closed') : query.where('status', 'in', ['open', 'appealed']))
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The reports of these cases, newest first (one query for a page of cases). */
export async function reportsOfCases(db: Db, caseIds: string[]): Promise<Report[]> {
  if (caseIds.length === 0) return [];
  return db.selectFrom('reports').selectAll().where('case_id', 'in', caseIds).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Every reporter of a case since `since` (they are told of its decision). */
export async function reportersOf(db: Db, caseId: string, since: number): Promise<string[]> {
  const rows = await db.selectFrom('reports').select('reporter_id').distinct().where('case_id', '=', caseId).where('created_at', '>=', since).execute();
  return rows.map((r) => r.reporter_id);
}

export async function insertAction(db: Db, row: ModerationAction): Promise<void> {
  await db.insertInto('moderation_actions').values(row).execute();
}

export async function actionLog(db: Db, caseId: string | undefined, limit: number): Promise<(ModerationAction & { target_type: string; target_id: string })[]> {
  let query = db
    .selectFrom('moderation_actions as a')
    .innerJoin('moderation_cases as c', 'c.id', 'a.case_id')
    .selectAll('a')
    .select(['c.target_type', 'c.target_id'])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit);
  if (caseId !== undefined) query = query.where('a.case_id', '=', caseId);
  return query.execute();
}

/** The last decision taken on a case (assignments and appeals are not decisions). */
export async function lastDecision(db: Db, caseId: string, decisions: readonly string[]): Promise<ModerationAction | undefined> {
  return db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('action', 'in', [...decisions])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertNotices(db: Db, rows: ModerationNotice[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('moderation_notices').values(rows).execute();
}

export async function noticesOf(
  db: Db,
  userId: string,
  limit: number,
): Promise<(ModerationNotice & { target_type: string; target_id: string; status: string; appeal_text: string | null })[]> {
  return db
    .selectFrom('moderation_notices as n')
    .innerJoin('moderation_cases as c', 'c.id', 'n.case_id')
    .selectAll('n')
    .select(['c.target_type', 'c.target_id', 'c.status', 'c.appeal_text'])
    .where('n.user_id', '=', userId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

export async function usernamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function emailsOf(db: Db, ids: string[]): Promise<{ id: string; email: string; username: string }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'email', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function pinTitles(db: Db, pinIds: string[]): Promise<Map<string, string>> {
  if (pinIds.length === 0) return new Map();
  const rows = await db.selectFrom('pins').select(['id', 'title']).where('id', 'in', pinIds).execute();
  return new Map(rows.map((r) => [r.id, r.title]));
}

export async function setPinModerated(db: Db, pinId: string, caseId: string, hidden: boolean, now: number): Promise<boolean> {
  if (!hidden) return Number((await db.deleteFrom('moderated_pins').where('pin_id', '=', pinId).executeTakeFirst()).numDeletedRows) > 0;
  const done = await db
    .insertInto('moderated_pins')
    .values({ pin_id: pinId, case_id: caseId, hidden_at: now })
    .onConflict((c) => c.column('pin_id').doNothing())
    .executeTakeFirst();
  return Number(done.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function setRestriction(
  db: Db,
  userId: string,
  restriction: { write_banned: 0 | 1; suspended: 0 | 1 },
  caseId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('member_restrictions')
    .values({ user_id: userId, ...restriction, case_id: caseId, updated_at: now })
    .onConflict((c) => c.column('user_id').doUpdateSet({ ...restriction, case_id: caseId, updated_at: now }))
    .execute();
}

export async function clearRestriction(db: Db, userId: string): Promise<boolean> {
  return Number((await db.deleteFrom('member_restrictions').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows) > 0;
}

export async function memberExists(db: Db, userId: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst()) !== undefined;
}

export async function insertFeedback(db: Db, row: Feedback): Promise<void> {
  await db.insertInto('feedback').values(row).execute();
}

export async function latestFeedback(db: Db, limit: number): Promise<Feedback[]> {
  return db.selectFrom('feedback').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The log entry of weighted flags hiding a comment (not a decision: a dismissal after it shows the comment again). */
export const FLAG_HIDE_ACTION = 'flags_hid';

/**
 * Each member's decided reports and flags, and how many operators upheld: the cases they reported
 * or whose comment they flagged, closed, and whether their last decision was one of `upheld`.
 */
export async function accuracyOf(db: Db, userIds: readonly string[], upheld: readonly string[]): Promise<Map<string, { decided: number; upheld: number }>> {
  const out = new Map<string, { decided: number; upheld: number }>();
  if (userIds.length === 0) return out;
  const reported = db
    .selectFrom('reports')
    .select(['reporter_id as user_id', 'case_id'])
    .where('reporter_id', 'in', [...userIds]);
  const flagged = db
    .selectFrom('comment_flags as f')
    .innerJoin('moderation_cases as fc', (j) => j.onRef('fc.target_id', '=', 'f.comment_id').on('fc.target_type', '=', 'comment'))
    .select(['f.user_id as user_id', 'fc.id as case_id'])
    .where('f.user_id', 'in', [...userIds]);
  const pairs = await reported.union(flagged).execute();
  const caseIds = [...new Set(pairs.map((p) => p.case_id))];
  if (caseIds.length === 0) return out;
  const decisions = await db
    .selectFrom('moderation_actions as a')
    .innerJoin('moderation_cases as c', 'c.id', 'a.case_id')
    .select(['a.case_id', 'a.action', 'a.created_at', 'a.id'])
    .where('a.case_id', 'in', caseIds)
    .where('c.status', '=', 'closed')
    .where('a.action', 'in', ['dismiss', 'restore', ...upheld])
    .orderBy('a.created_at', 'asc')
    .orderBy('a.id', 'asc')
    .execute();
  const last = new Map<string, string>();
  for (const d of decisions) last.set(d.case_id, d.action);
  for (const p of pairs) {
    const action = last.get(p.case_id);
    if (action === undefined) continue;
    const tally = out.get(p.user_id) ?? { decided: 0, upheld: 0 };
    tally.decided += 1;
    if (upheld.includes(action)) tally.upheld += 1;
    out.set(p.user_id, tally);
  }
  return out;
}

/** The members who flagged a comment at or after `since`. */
export async function flaggersSince(db: Db, commentId: string, since: number): Promise<string[]> {
  const rows = await db.selectFrom('comment_flags').select('user_id').where('comment_id', '=', commentId).where('created_at', '>=', since).execute();
  return rows.map((r) => r.user_id);
}

/** Sets or clears an operator's removal of a tried-it; the row when it changed. */
export async function setDidItRemoved(db: Db, didItId: string, removed: boolean): Promise<{ id: string; pin_id: string } | undefined> {
  return db
    .updateTable('did_its')
    .set({ removed: removed ? 1 : 0 })
    .where('id', '=', didItId)
    .where('removed', '=', removed ? 0 : 1)
    .returning(['id', 'pin_id'])
    .executeTakeFirst();
}

/**
 * The pin's didItData recounted from its tried-its that are not removed (the rule of the tried
 * area's counts, docs/decisions/0045): no row when none is left.
 */
export async function recountPinDidIts(db: Db, pinId: string): Promise<void> {
  const row = await db
    .selectFrom('did_its')
    .select([sql<string | number>`count(*)`.as('users'), sql<string | number>`count(media_id)`.as('images')])
    .where('pin_id', '=', pinId)
    .where('removed', '=', 0)
    .executeTakeFirstOrThrow();
  const users = Number(row.users);
  const images = Number(row.images);
  if (users === 0) {
    await db.deleteFrom('pin_did_it_counts').where('pin_id', '=', pinId).execute();
    return;
  }
  await db
    .insertInto('pin_did_it_counts')
    .values({ pin_id: pinId, user_count: users, images_count: images })
    .onConflict((oc) => oc.column('pin_id').doUpdateSet({ user_count: users, images_count: images }))
    .execute();
}

/** The tried-its' notes by id (the moderation queue shows them). */
export async function didItNotes(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('did_its').select(['id', 'details']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.details]));
}
