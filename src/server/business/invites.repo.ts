import type { Db } from '../db/database.ts';
import type { BusinessInvite, BusinessInvitesTable } from '../db/schema/businesses.ts';

/** Invites and requests of businesses: PENDING until answered, cancelled or past their expiry. */

export async function insertInvite(db: Db, row: BusinessInvitesTable): Promise<void> {
  await db.insertInto('business_invites').values(row).execute();
}

export async function inviteRow(db: Db, inviteId: string): Promise<BusinessInvite | undefined> {
  return db.selectFrom('business_invites').selectAll().where('id', '=', inviteId).executeTakeFirst();
}

/** The pending invite of this kind from the business to the invitee, if one is waiting. */
export async function pendingInviteTo(db: Db, businessId: string, inviteeId: string, kind: string, now: number): Promise<BusinessInvite | undefined> {
  return db
    .selectFrom('business_invites')
    .selectAll()
    .where('business_id', '=', businessId)
    .where('invitee_id', '=', inviteeId)
    .where('kind', '=', kind)
    .where('status', '=', 'PENDING')
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function setInvite(
  db: Db,
  inviteId: string,
  changes: Partial<Pick<BusinessInvitesTable, 'status' | 'asset_permissions' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('business_invites').set(changes).where('id', '=', inviteId).execute();
}

/**
 * A business's pending invites (sent, or received when `received`), of the given listed statuses:
 * PENDING ones not yet expired, EXPIRED ones past their time; by id.
 */
export async function invitesOf(
  db: Db,
  businessId: string,
  options: { received: boolean; statuses: readonly ('PENDING' | 'EXPIRED')[]; kind?: string; now: number; offset: number; limit: number },
): Promise<BusinessInvite[]> {
  let query = db
    .selectFrom('business_invites')
    .selectAll()
    .where(options.received ? 'invitee_id' : 'business_id', '=', businessId)
    .where('status', '=', 'PENDING');
  if (options.kind) query = query.where('kind', '=', options.kind);
  const pending = options.statuses.includes('PENDING');
  const expired = options.statuses.includes('EXPIRED');
  if (pending && !expired) query = query.where('expires_at', '>', options.now);
  if (expired && !pending) query = query.where('expires_at', '<=', options.now);
  return query.orderBy('id').offset(options.offset).limit(options.limit).execute();
}
