import type { Actor } from '../access/actor.ts';
import { checkBusinessAccess } from '../access/business.policy.ts';
import type { Db } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById, findUserByUsername, insertUser } from '../users/users.repo.ts';
import { insertAsset } from './assets.repo.ts';
import { isChild, insertChild } from './business.repo.ts';
import { renameBusiness } from './accounts.repo.ts';

/**
 * The business hierarchy: a parent business makes brand accounts, child businesses it runs (its
 * owner and admins are their organization managers, business.policy.ts). A brand account is a
 * business account with no password and no mailbox of its own: nobody signs in as it, its
 * parent's people act for it. Each is also a PROFILE asset of its parent.
 */

export type BrandFields = { name: string; username: string; country: string };

async function requireFreeUsername(db: Db, username: string, except?: string): Promise<void> {
  const holder = await findUserByUsername(db, username);
  if (holder && holder.id !== except) throw new AppError('username_taken');
}

export async function createBrandAccount(deps: Deps, actor: Actor, parentId: string, fields: BrandFields): Promise<string> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId: parentId }, 'change');
  return transact(deps.db, async (trx) => {
    await requireFreeUsername(trx, fields.username);
    const now = Date.now();
    const id = newId();
    await insertUser(trx, {
      id,
      // Unique like any account's, at a reserved domain that never delivers: the brand has no mailbox.
      email: `brand-${id}@brand.invalid`,
      username: fields.username,
      password_hash: null,
      first_name: fields.name,
      last_name: '',
      country: fields.country,
      locale: 'en_US',
      is_partner: 1,
      business_name: fields.name,
      is_employee: 0,
      allow_personalization_cookies: 0,
      allow_analytic_cookies: 0,
      allow_marketing_cookies: 0,
      created_at: now,
      updated_at: now,
    });
    await deps.events.record(trx, access.userId, { type: 'account.created', userId: id });
    await insertChild(trx, access.businessId, id, now);
    await deps.events.record(trx, access.userId, {
      type: 'business.child_changed',
      businessId: access.businessId,
      childId: id,
      before: null,
      after: { name: fields.name, username: fields.username },
    });
    const profile = {
      id: newId(),
      business_id: access.businessId,
      kind: 'PROFILE',
      name: fields.name,
      description: '',
      country: fields.country,
      currency: null,
      profile_user_id: id,
      group_types: '[]',
      created_by: access.userId,
      created_at: now,
      updated_at: now,
    };
    await insertAsset(trx, profile);
    await deps.events.record(trx, access.userId, {
      type: 'business.asset_changed',
      businessId: access.businessId,
      assetId: profile.id,
      before: null,
      after: { kind: 'PROFILE', name: fields.name, profile: id },
    });
    return id;
  });
}

export async function updateBrandAccount(deps: Deps, actor: Actor, parentId: string, brandId: string, fields: Partial<BrandFields>): Promise<string> {
  const access = await checkBusinessAccess(deps.db, actor, { businessId: parentId }, 'change');
  return transact(deps.db, async (trx) => {
    const brand = (await isChild(trx, access.businessId, brandId)) ? await findUserById(trx, brandId) : undefined;
    if (!brand) throw new AppError('not_found');
    if (fields.username !== undefined) await requireFreeUsername(trx, fields.username, brandId);
    const next = {
      name: fields.name ?? brand.business_name ?? brand.first_name,
      username: fields.username ?? brand.username,
      country: fields.country ?? brand.country,
    };
    await renameBusiness(trx, brandId, next, Date.now());
    await deps.events.record(trx, access.userId, {
      type: 'business.child_changed',
      businessId: access.businessId,
      childId: brandId,
      before: { name: brand.business_name ?? brand.first_name, username: brand.username, country: brand.country },
      after: next,
    });
    return brandId;
  });
}
