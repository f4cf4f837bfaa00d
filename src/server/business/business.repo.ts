import type { Db } from '../db/database.ts';
import type { BusinessHistoryTable } from '../db/schema/businesses.ts';

/** Members, partners, children and History of businesses (docs/decisions/0051-business-access.md). */

export type UserSummary = { id: string; username: string };

export async function userSummaries(db: Db, ids: readonly string[]): Promise<Map<string, UserSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Ids of accounts named by id or username (an invite names people either way). */
export async function usersNamed(db: Db, names: readonly string[]): Promise<Map<string, string>> {
  if (names.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) => eb.or([eb('id', 'in', [...names]), eb('username', 'in', [...names])]))
    .execute();
  return new Map(rows.flatMap((r) => [[r.id, r.id] as const, [r.username, r.id] as const]));
}

export async function isBusinessAccount(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('id', '=', id).where('is_partner', '=', 1).executeTakeFirst()) !== undefined;
}

export async function setBusinessAccount(db: Db, userId: string, businessName: string | null, now: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ is_partner: businessName === null ? 0 : 1, business_name: businessName, updated_at: now })
    .where('id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the account is tied to businesses (a member, a partner, or with assets): it cannot become personal then. */
export async function hasBusinessTies(db: Db, businessId: string): Promise<boolean> {
  const [member, partner, asset] = await Promise.all([
    db.selectFrom('business_members').select('user_id').where('business_id', '=', businessId).limit(1).executeTakeFirst(),
    db
      .selectFrom('business_partners')
      .select('partner_id')
      .where((eb) => eb.or([eb('business_id', '=', businessId), eb('partner_id', '=', businessId)]))
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('business_assets').select('id').where('business_id', '=', businessId).limit(1).executeTakeFirst(),
  ]);
  return member !== undefined || partner !== undefined || asset !== undefined;
}

export type MemberRow = { user_id: string; role: string; created_by: string | null; created_at: number };

/** A page of members ordered by user id (ascending), after `after`. */
export async function membersOf(
  db: Db,
  businessId: string,
  options: { roles?: readonly string[]; ids?: readonly string[]; offset: number; limit: number },
): Promise<MemberRow[]> {
  let query = db.selectFrom('business_members').select(['user_id', 'role', 'created_by', 'created_at']).where('business_id', '=', businessId);
  if (options.roles) query = query.where('role', 'in', [...options.roles]);
  if (options.ids) query = query.where('user_id', 'in', [...options.ids]);
  return query.orderBy('user_id').offset(options.offset).limit(options.limit).execute();
}

export async function memberRow(db: Db, businessId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('business_members')
    .select(['user_id', 'role', 'created_by', 'created_at'])
    .where('business_id', '=', businessId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertMember(db: Db, row: { business_id: string; user_id: string; role: string; created_by: string; created_at: number }): Promise<void> {
  await db
    .insertInto('business_members')
    .values(row)
    .onConflict((oc) => oc.columns(['business_id', 'user_id']).doUpdateSet({ role: row.role }))
    .execute();
}

export async function deleteMember(db: Db, businessId: string, userId: string): Promise<void> {
  await db.deleteFrom('business_members').where('business_id', '=', businessId).where('user_id', '=', userId).execute();
}

/** The businesses a person works for, by business id. */
export async function employersOf(
  db: Db,
  userId: string,
  offset: number,
  limit: number,
): Promise<{ business_id: string; role: string; created_at: number; created_by: string | null }[]> {
  return db
    .selectFrom('business_members')
    .select(['business_id', 'role', 'created_at', 'created_by'])
    .where('user_id', '=', userId)
    .orderBy('business_id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type PartnerRow = { partner_id: string; created_by: string | null; created_at: number };

/** INTERNAL partners are the businesses this one works with; EXTERNAL ones work with it (it is their partner). */
export async function partnersOf(
  db: Db,
  businessId: string,
  side: 'INTERNAL' | 'EXTERNAL',
  options: { ids?: readonly string[]; offset: number; limit: number },
): Promise<PartnerRow[]> {
  const [mine, theirs] = side === 'INTERNAL' ? (['business_id', 'partner_id'] as const) : (['partner_id', 'business_id'] as const);
  let query = db
    .selectFrom('business_partners')
    .select([`${theirs} as partner_id`, 'created_by', 'created_at'])
    .where(mine, '=', businessId);
  if (options.ids) query = query.where(theirs, 'in', [...options.ids]);
  return query.orderBy(theirs).offset(options.offset).limit(options.limit).execute();
}

export async function isPartner(db: Db, businessId: string, partnerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('business_partners')
    .select('partner_id')
    .where('business_id', '=', businessId)
    .where('partner_id', '=', partnerId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPartner(db: Db, row: { business_id: string; partner_id: string; created_by: string; created_at: number }): Promise<void> {
  await db
    .insertInto('business_partners')
    .values(row)
    .onConflict((oc) => oc.columns(['business_id', 'partner_id']).doNothing())
    .execute();
}

export async function deletePartner(db: Db, businessId: string, partnerId: string): Promise<void> {
  await db.deleteFrom('business_partners').where('business_id', '=', businessId).where('partner_id', '=', partnerId).execute();
}

export async function insertChild(db: Db, parentId: string, childId: string, now: number): Promise<void> {
  await db.insertInto('business_children').values({ parent_id: parentId, child_id: childId, created_at: now }).execute();
}

export async function isChild(db: Db, parentId: string, childId: string): Promise<boolean> {
  return (
    (await db.selectFrom('business_children').select('child_id').where('parent_id', '=', parentId).where('child_id', '=', childId).executeTakeFirst()) !==
    undefined
  );
}

/** History is only ever added to: this file has no update or delete of it. */
export async function insertHistory(db: Db, rows: BusinessHistoryTable[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('business_history').values(rows).execute();
}

/** History of a business between two times, oldest first, `limit` from `offset`. */
export async function historyOf(db: Db, businessId: string, range: { from: number; to: number }, offset: number, limit: number) {
  return db
    .selectFrom('business_history')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('created_at', '>=', range.from)
    .where('created_at', '<=', range.to)
    .orderBy('created_at')
    .orderBy('id')
    .offset(offset)
    .limit(limit)
    .execute();
}
