import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess } from '../access/business.policy.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import type { BusinessInvite } from '../db/schema/businesses.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { INVITE_LIFETIME_MS, type AssetPermission, type InviteKind, type InviteStatus } from '../../shared/business.ts';
import { insertPartner, isBusinessAccount, isPartner, memberRow, upsertMember, usersNamed } from './business.repo.ts';
import { writeGrant } from './grants.service.ts';
import { insertInvite, inviteRow, invitesOf, pendingInviteTo, setInvite } from './invites.repo.ts';
import { paged, probe, windowOf, type PageAsk } from './paging.ts';

/**
 * Invites (a business asks a person to be an employee or admin, or a business to be its partner)
 * and requests (a business asks a partner for access to its assets). Each waits PENDING for its
 * answer until it expires (INVITE_LIFETIME_MS); accepting makes the membership or partnership
 * and its grants in the same transaction as the answer.
 */

export type AssetPermissions = Record<string, readonly AssetPermission[]>;
export type InviteException = { code: number; message: string; invite_or_request_id?: string | null; users_or_partner_ids?: string[] };
export type InviteOutcome = { invite: BusinessInvite | null; exception: InviteException | null };

/** PENDING until its time is up, EXPIRED after; answered or cancelled ones are no longer listed. */
export function statusOf(invite: Pick<BusinessInvite, 'status' | 'expires_at'>, now: number): string {
  return invite.status === 'PENDING' && invite.expires_at <= now ? 'EXPIRED' : invite.status;
}

function stateOf(invite: BusinessInvite, now: number) {
  return { status: statusOf(invite, now), kind: invite.kind, role: invite.role, invitee: invite.invitee_id };
}

export type InviteListing = { received: boolean; statuses: readonly InviteStatus[]; kind?: InviteKind };

/** A business's sent invites, or the invites it (or a person) received. */
export async function listInvites(deps: Deps, actor: Actor, businessId: string, listing: InviteListing, ask: PageAsk) {
  const target = listing.received ? { actAs: businessId } : { businessId };
  await checkBusinessAccess(deps.db, actor, target, listing.received ? 'read' : 'invite');
  const window = windowOf(ask);
  return paged(await invitesOf(deps.db, businessId, { ...listing, now: Date.now(), ...probe(window) }), window);
}

export type NewInvites = { role: 'EMPLOYEE' | 'BIZ_ADMIN' | 'PARTNER'; kind: InviteKind; members?: readonly string[]; partners?: readonly string[] };

function checkShape(invites: NewInvites): readonly string[] {
  if (invites.kind === 'MEMBER_INVITE') {
    if (invites.role === 'PARTNER' || !invites.members)
      throw new AppError('bad_request', 'A MEMBER_INVITE names members and a business_role of EMPLOYEE or BIZ_ADMIN.');
    return invites.members;
  }
  if (invites.role !== 'PARTNER' || !invites.partners) throw new AppError('bad_request', `A ${invites.kind} names partners and the business_role PARTNER.`);
  return invites.partners;
}

/** Sends invites to members (by id or username) or to partner businesses; each one it cannot send says why. */
export async function createInvites(deps: Deps, actor: Actor, businessId: string, invites: NewInvites): Promise<InviteOutcome[]> {
  const names = checkShape(invites);
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'invite');
  const ids = await usersNamed(deps.db, names);
  return transact(deps.db, async (trx) => {
    const outcomes: InviteOutcome[] = [];
    for (const name of names) {
      const inviteeId = ids.get(name);
      const refusal = inviteeId === undefined ? 'No such account.' : await refusalFor(trx, access.businessId, invites.kind, inviteeId);
      if (refusal !== null || inviteeId === undefined) {
        outcomes.push({ invite: null, exception: { code: 409, message: refusal ?? 'No such account.', users_or_partner_ids: [name] } });
        continue;
      }
      outcomes.push({
        invite: await sendInvite(deps, trx, access.userId, access.businessId, { kind: invites.kind, role: invites.role, inviteeId, assets: {} }),
        exception: null,
      });
    }
    return outcomes;
  });
}

async function refusalFor(db: Db, businessId: string, kind: InviteKind, inviteeId: string): Promise<string | null> {
  if (inviteeId === businessId) return 'A business cannot invite itself.';
  if (kind === 'MEMBER_INVITE' && (await memberRow(db, businessId, inviteeId))) return 'Already a member of this business.';
  if (kind !== 'MEMBER_INVITE' && !(await isBusinessAccount(db, inviteeId))) return 'Not a business account.';
  if (kind === 'PARTNER_INVITE' && (await isPartner(db, businessId, inviteeId))) return 'Already a partner of this business.';
  if (await pendingInviteTo(db, businessId, inviteeId, kind, Date.now())) return 'An invite is already waiting for an answer.';
  return null;
}

async function sendInvite(
  deps: Deps,
  trx: Db,
  actorId: string,
  businessId: string,
  invite: { kind: InviteKind; role: string; inviteeId: string; assets: AssetPermissions },
) {
  const now = Date.now();
  const row = {
    id: newId(),
    business_id: businessId,
    kind: invite.kind,
    role: invite.role,
    invitee_id: invite.inviteeId,
    asset_permissions: JSON.stringify(invite.assets),
    status: 'PENDING',
    created_by: actorId,
    created_at: now,
    updated_at: now,
    expires_at: now + INVITE_LIFETIME_MS,
  };
  await insertInvite(trx, row);
  await deps.events.record(trx, actorId, { type: 'business.invite_changed', businessId, inviteId: row.id, before: null, after: stateOf(row, now) });
  return row;
}

/** Asks partners for access to their assets (PARTNER_REQUEST); the partner chooses on acceptance. */
export async function requestAssetAccess(deps: Deps, actor: Actor, businessId: string, requests: readonly { partner_id: string; assets: AssetPermissions }[]) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'invite');
  return transact(deps.db, async (trx) => {
    const invites: Record<string, string> = {};
    const exceptions: { code: number; messages: string[] }[] = [];
    for (const request of requests) {
      const refusal = await refusalFor(trx, access.businessId, 'PARTNER_REQUEST', request.partner_id);
      if (refusal !== null) {
        exceptions.push({ code: 409, messages: [`partner_id ${request.partner_id}: ${refusal}`] });
        continue;
      }
      const row = await sendInvite(deps, trx, access.userId, access.businessId, {
        kind: 'PARTNER_REQUEST',
        role: 'PARTNER',
        inviteeId: request.partner_id,
        assets: request.assets,
      });
      invites[request.partner_id] = row.id;
    }
    return { invites, exceptions };
  });
}

/** Adds asset permissions to pending invites the business sent: given on acceptance. */
export async function addInviteAssets(
  deps: Deps,
  actor: Actor,
  businessId: string,
  items: readonly { invite_id: string; kind: InviteKind; assets: AssetPermissions }[],
): Promise<InviteOutcome[]> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'invite');
  for (const assetId of new Set(items.flatMap((i) => Object.keys(i.assets)))) await checkBusinessAccess(deps.db, actor, { businessId, assetId }, 'invite');
  return transact(deps.db, async (trx) => {
    const outcomes: InviteOutcome[] = [];
    for (const item of items) {
      const invite = await inviteRow(trx, item.invite_id);
      const now = Date.now();
      if (invite?.business_id !== access.businessId || invite.kind !== item.kind || item.kind === 'PARTNER_REQUEST' || statusOf(invite, now) !== 'PENDING') {
        outcomes.push({
          invite: null,
          exception: { code: 404, message: 'No pending invite of that type from this business.', invite_or_request_id: item.invite_id },
        });
        continue;
      }
      const assets = { ...(JSON.parse(invite.asset_permissions) as AssetPermissions), ...item.assets };
      await setInvite(trx, invite.id, { asset_permissions: JSON.stringify(assets), updated_at: now });
      const next = { ...invite, asset_permissions: JSON.stringify(assets), updated_at: now };
      await deps.events.record(trx, access.userId, {
        type: 'business.invite_changed',
        businessId: access.businessId,
        inviteId: invite.id,
        before: { ...stateOf(invite, now), assets: Object.keys(JSON.parse(invite.asset_permissions) as AssetPermissions) },
        after: { ...stateOf(next, now), assets: Object.keys(assets) },
      });
      outcomes.push({ invite: next, exception: null });
    }
    return outcomes;
  });
}

/** Withdraws pending invites and requests the business sent. */
export async function cancelInvites(deps: Deps, actor: Actor, businessId: string, inviteIds: readonly string[]) {
  const access = await checkBusinessAccess(deps.db, actor, { businessId }, 'invite');
  return transact(deps.db, async (trx) => {
    const outcomes: { invite: BusinessInvite | null; exception: { invite_id: string; message: string } | null }[] = [];
    for (const inviteId of inviteIds) {
      const invite = await inviteRow(trx, inviteId);
      if (invite?.business_id !== access.businessId || invite.status !== 'PENDING') {
        outcomes.push({ invite: null, exception: { invite_id: inviteId, message: 'No pending invite or request of this business.' } });
        continue;
      }
      const now = Date.now();
      const next = { ...invite, status: 'CANCELLED', updated_at: now };
      await setInvite(trx, inviteId, { status: 'CANCELLED', updated_at: now });
      await deps.events.record(trx, access.userId, {
        type: 'business.invite_changed',
        businessId: access.businessId,
        inviteId,
        before: stateOf(invite, now),
        after: stateOf(next, now),
      });
      outcomes.push({ invite: next, exception: null });
    }
    return outcomes;
  });
}

export type InviteAnswer = { invite_id: string; accept: boolean; assets?: AssetPermissions };

/** The invitee (a person, or a business through its owner or admins) accepts or declines. */
export async function answerInvites(deps: Deps, actor: Actor, answers: readonly InviteAnswer[]): Promise<InviteOutcome[]> {
  const outcomes: InviteOutcome[] = [];
  for (const answer of answers) {
    const invite = await inviteRow(deps.db, answer.invite_id);
    try {
      if (!invite) throw new AppError('not_found');
      const access = await checkBusinessAccess(deps.db, actor, { actAs: invite.invitee_id }, 'change');
      outcomes.push({ invite: await answerOne(deps, access.userId, invite.id, answer), exception: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.httpStatus >= 500) throw error;
      outcomes.push({ invite: null, exception: { code: error.httpStatus, message: error.message, invite_or_request_id: answer.invite_id } });
    }
  }
  return outcomes;
}

async function answerOne(deps: Deps, actorId: string, inviteId: string, answer: InviteAnswer): Promise<BusinessInvite> {
  return transact(deps.db, async (trx) => {
    const invite = await inviteRow(trx, inviteId);
    const now = Date.now();
    if (!invite) throw new AppError('not_found');
    if (statusOf(invite, now) !== 'PENDING') throw new AppError('conflict', `This invite is ${statusOf(invite, now).toLowerCase()}.`);
    const status = answer.accept ? 'ACCEPTED' : 'DECLINED';
    if (answer.accept) await accept(deps, trx, actorId, invite, answer.assets ?? {});
    await setInvite(trx, invite.id, { status, updated_at: now });
    const next = { ...invite, status, updated_at: now };
    await deps.events.record(trx, actorId, {
      type: 'business.invite_changed',
      businessId: invite.business_id,
      inviteId,
      before: stateOf(invite, now),
      after: stateOf(next, now),
    });
    return next;
  });
}

async function accept(deps: Deps, trx: Db, actorId: string, invite: BusinessInvite, chosen: AssetPermissions): Promise<void> {
  const offered = JSON.parse(invite.asset_permissions) as AssetPermissions;
  const now = Date.now();
  if (invite.kind === 'MEMBER_INVITE') {
    const before = await memberRow(trx, invite.business_id, invite.invitee_id);
    await upsertMember(trx, { business_id: invite.business_id, user_id: invite.invitee_id, role: invite.role, created_by: invite.created_by, created_at: now });
    await deps.events.record(trx, actorId, {
      type: 'business.member_changed',
      businessId: invite.business_id,
      userId: invite.invitee_id,
      before: before ? { role: before.role } : null,
      after: { role: invite.role },
    });
    await grantAll(deps, trx, actorId, invite.business_id, 'MEMBER', invite.invitee_id, offered);
    return;
  }
  // A partner invite makes the invitee a partner of the inviter; a request makes the requester a partner of the invitee, on the invitee's assets.
  const [owner, partner, assets] =
    invite.kind === 'PARTNER_INVITE' ? [invite.business_id, invite.invitee_id, offered] : [invite.invitee_id, invite.business_id, { ...offered, ...chosen }];
  if (!(await isPartner(trx, owner, partner))) {
    await insertPartner(trx, { business_id: owner, partner_id: partner, created_by: actorId, created_at: now });
    await deps.events.record(trx, actorId, {
      type: 'business.partner_changed',
      businessId: owner,
      partnerId: partner,
      before: null,
      after: { role: 'PARTNER' },
    });
  }
  await grantAll(deps, trx, actorId, owner, 'PARTNER', partner, assets);
}

/** The grants an accepted invite carries; assets the business no longer has are skipped. */
async function grantAll(
  deps: Deps,
  trx: Db,
  actorId: string,
  businessId: string,
  kind: 'MEMBER' | 'PARTNER',
  granteeId: string,
  assets: AssetPermissions,
): Promise<void> {
  for (const [assetId, permissions] of Object.entries(assets)) {
    try {
      await writeGrant(deps, trx, actorId, businessId, kind, { asset_id: assetId, grantee_id: granteeId, permissions });
    } catch (error) {
      if (!(error instanceof AppError) || error.errorName !== 'not_found') throw error;
    }
  }
}
