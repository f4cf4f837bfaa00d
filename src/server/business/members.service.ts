import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess } from '../access/business.policy.ts';
import type { Db } from '../db/database.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import type { MemberRole } from '../../shared/business.ts';
import { deleteGrant, grantsOfGrantee } from './assets.repo.ts';
import {
  deleteMember,
  deletePartner,
  employersOf,
  isBusinessAccount,
  memberRow,
  membersOf,
  partnersOf,
  upsertMember,
  type MemberRow,
  type PartnerRow,
} from './business.repo.ts';
import { listOf, paged, probe, windowOf, type PageAsk } from './paging.ts';

/** A business's people (members with a role) and partners (businesses it works with), and a person's employers. */

export type MemberFilter = { roles?: readonly MemberRole[]; ids?: readonly string[] };

export async function listMembers(deps: Deps, actor: Actor, businessId: string, filter: MemberFilter, ask: PageAsk) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'read');
  const window = windowOf(ask);
  const rows = await membersOf(deps.db, access.businessId, { ...filter, ...probe(window) });
  return paged(rows, window);
}

export async function listEmployers(deps: Deps, actor: Actor, ask: PageAsk) {
  const access = await checkBusinessAccess(deps.db, actor, { actAs: actor.kind === 'visitor' ? '' : actor.userId }, 'read');
  const window = windowOf(ask);
  return paged(await employersOf(deps.db, access.userId, probe(window).offset, probe(window).limit), window);
}

export async function listPartners(
  deps: Deps,
  actor: Actor,
  businessId: string,
  side: 'INTERNAL' | 'EXTERNAL',
  ids: readonly string[] | undefined,
  ask: PageAsk,
) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'read');
  const window = windowOf(ask);
  const rows: PartnerRow[] = await partnersOf(deps.db, access.businessId, side, { ids, ...probe(window) });
  return paged(rows, window);
}

/** Takes away every grant a member or partner holds on the business's assets, each into History. */
export async function revokeAllGrants(deps: Deps, trx: Db, actorId: string, businessId: string, granteeId: string): Promise<void> {
  for (const grant of await grantsOfGrantee(trx, businessId, granteeId)) {
    await deleteGrant(trx, grant.asset_id, granteeId);
    await deps.events.record(trx, actorId, {
      type: 'business.grant_changed',
      businessId,
      assetId: grant.asset_id,
      granteeId,
      before: { permissions: listOf(grant.permissions) },
      after: null,
    });
  }
}

/** Changes members' roles; the business account itself has no member row and cannot be changed. */
export async function updateMemberRoles(deps: Deps, actor: Actor, businessId: string, changes: readonly { member_id: string; business_role: MemberRole }[]) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  return transact(deps.db, async (trx) => {
    const updated: { member_id: string; business_role: string }[] = [];
    for (const change of changes) {
      const row = await memberRow(trx, access.businessId, change.member_id);
      if (!row) throw new AppError('not_found', `member_id ${change.member_id}: not a member of this business.`);
      if (row.role !== change.business_role) {
        await upsertMember(trx, {
          business_id: access.businessId,
          user_id: change.member_id,
          role: change.business_role,
          created_by: access.userId,
          created_at: row.created_at,
        });
        await deps.events.record(trx, access.userId, {
          type: 'business.member_changed',
          businessId: access.businessId,
          userId: change.member_id,
          before: { role: row.role },
          after: { role: change.business_role },
        });
      }
      updated.push(change);
    }
    return updated;
  });
}

/** Removes members with their grants: a former member keeps nothing. */
export async function removeMembers(deps: Deps, actor: Actor, businessId: string, members: readonly { member_id: string }[]): Promise<string[]> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'delete');
  return transact(deps.db, async (trx) => {
    const removed: string[] = [];
    for (const { member_id } of members) {
      const row: MemberRow | undefined = await memberRow(trx, access.businessId, member_id);
      if (!row) continue;
      await revokeAllGrants(deps, trx, access.userId, access.businessId, member_id);
      await deleteMember(trx, access.businessId, member_id);
      await deps.events.record(trx, access.userId, {
        type: 'business.member_changed',
        businessId: access.businessId,
        userId: member_id,
        before: { role: row.role },
        after: null,
      });
      removed.push(member_id);
    }
    return removed;
  });
}

/**
 * Ends partnerships. INTERNAL: the partners lose their grants on this business's assets;
 * EXTERNAL: this business stops being their partner and loses its grants on theirs.
 */
export async function removePartners(
  deps: Deps,
  actor: Actor,
  businessId: string,
  partnerIds: readonly string[],
  side: 'INTERNAL' | 'EXTERNAL',
): Promise<string[]> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'delete');
  return transact(deps.db, async (trx) => {
    const removed: string[] = [];
    for (const partnerId of partnerIds) {
      const [owner, partner] = side === 'INTERNAL' ? [access.businessId, partnerId] : [partnerId, access.businessId];
      const rows = await partnersOf(trx, owner, 'INTERNAL', { ids: [partner], offset: 0, limit: 1 });
      if (rows.length === 0 || !(await isBusinessAccount(trx, partnerId))) continue;
      await revokeAllGrants(deps, trx, access.userId, owner, partner);
      await deletePartner(trx, owner, partner);
      await deps.events.record(trx, access.userId, {
        type: 'business.partner_changed',
        businessId: owner,
        partnerId: partner,
        before: { role: 'PARTNER' },
        after: null,
      });
      removed.push(partnerId);
    }
    return removed;
  });
}

/** System users are the reference's robot members; Corkboard has none, so each is not found, after the same check as any change. */
export async function updateSystemUser(deps: Deps, actor: Actor, businessId: string, systemUserId: string): Promise<never> {
  await checkBusinessAccess(deps.db, actor, { businessId }, 'change');
  throw new AppError('not_found', `system_user_id ${systemUserId}: no such system user.`);
}
