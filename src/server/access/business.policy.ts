import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { ASSET_PERMISSIONS, type AssetPermission } from '../../shared/business.ts';
import type { Actor } from './actor.ts';
import { assetOwner, businessAccount, businessesRunBy, grantsOn, memberRole, parentRoles } from './business.repo.ts';

/**
 * Who may do what in a business (docs/decisions/0051-business-access.md). Every business call (the
 * console's, the resources', /v5's) starts with `checkBusinessAccess`; what it calls afterwards
 * takes the BusinessAccess it answers, which only this folder can make. It decides from the
 * membership and grant rows, which every change writes in its own transaction, so a check never
 * sees a permission its History does not.
 */
declare const checked: unique symbol;

/** OWNER: the business account itself; SELF: a person acting for themselves (their invites, their employers). */
export type BusinessRole = 'OWNER' | 'BIZ_ADMIN' | 'EMPLOYEE' | 'SELF';
export type BusinessAction = 'read' | 'change' | 'delete' | 'invite';

export type BusinessAccess = Readonly<{
  userId: string;
  businessId: string;
  role: BusinessRole | null;
  assetId: string | null;
  /** The caller's permissions on the asset (empty when the role alone decides). */
  permissions: readonly AssetPermission[];
}> & { readonly [checked]: true };

/** A business as a whole, one of its assets, or a principal the caller acts as (themselves, or a business they run). */
export type BusinessTarget = { businessId: string; assetId?: string } | { actAs: string };

type Verdict = 'allow' | 'forbidden' | 'not_found';

/** The rule, as a table: a role decides for the whole business; on an asset, grants decide for the others. */
export function decide(role: BusinessRole | null, permissions: readonly string[], action: BusinessAction, onAsset: boolean): Verdict {
  if (role === 'OWNER' || role === 'BIZ_ADMIN' || role === 'SELF') return 'allow';
  if (!onAsset) return role === 'EMPLOYEE' ? (action === 'read' ? 'allow' : 'forbidden') : 'not_found';
  if (permissions.length === 0) return 'not_found';
  if (action === 'read') return 'allow';
  if (action === 'delete') return 'forbidden';
  return permissions.includes('ADMIN') ? 'allow' : 'forbidden';
}

const SCOPE_OF = { read: 'biz_access:read', change: 'biz_access:write', delete: 'biz_access:write', invite: 'biz_access:write' } as const;

function callerOf(actor: Actor, action: BusinessAction): string {
  if (actor.kind === 'visitor') throw new AppError('unauthorized');
  if (actor.kind === 'token' && !actor.scopes.includes(SCOPE_OF[action])) throw new AppError('forbidden', `This needs the ${SCOPE_OF[action]} scope.`);
  return actor.userId;
}

async function roleIn(db: Db, businessId: string, userId: string): Promise<BusinessRole | null> {
  if (businessId === userId) return 'OWNER';
  const role = await memberRole(db, businessId, userId);
  if (role === 'BIZ_ADMIN' || role === 'EMPLOYEE') return role;
  // An organization manager runs the children of the business it runs.
  const above = await parentRoles(db, businessId, userId);
  return above.includes('OWNER') || above.includes('BIZ_ADMIN') ? 'BIZ_ADMIN' : null;
}

function permissionsOf(lists: readonly string[]): AssetPermission[] {
  const all = new Set(lists.flatMap((list) => JSON.parse(list) as string[]));
  return ASSET_PERMISSIONS.filter((p) => all.has(p));
}

/** The one business permission check: answers what the caller may do, or throws 401, 403 or 404. */
export async function checkBusinessAccess(db: Db, actor: Actor, target: BusinessTarget, action: BusinessAction): Promise<BusinessAccess> {
  const userId = callerOf(actor, action);
  if ('actAs' in target) {
    const runs = target.actAs === userId ? 'SELF' : (await memberRole(db, target.actAs, userId)) === 'BIZ_ADMIN' ? 'BIZ_ADMIN' : null;
    if (!runs) throw new AppError('not_found');
    return { userId, businessId: target.actAs, role: runs, assetId: null, permissions: [] } as unknown as BusinessAccess;
  }
  if (!(await businessAccount(db, target.businessId))) throw new AppError('not_found');
  const role = await roleIn(db, target.businessId, userId);
  let permissions: AssetPermission[] = [];
  if (target.assetId !== undefined) {
    const owner = await assetOwner(db, target.assetId);
    if (owner?.business_id !== target.businessId) throw new AppError('not_found');
    if (role !== 'OWNER' && role !== 'BIZ_ADMIN') permissions = permissionsOf(await grantsOn(db, target.assetId, await businessesRunBy(db, userId)));
  }
  const verdict = decide(role, permissions, action, target.assetId !== undefined);
  if (verdict !== 'allow') throw new AppError(verdict);
  return { userId, businessId: target.businessId, role, assetId: target.assetId ?? null, permissions } as unknown as BusinessAccess;
}
