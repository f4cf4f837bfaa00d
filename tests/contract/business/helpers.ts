import { createPat } from '../../../src/server/auth/pat.service.ts';
import { createAdAccount } from '../../../src/server/business/assets.service.ts';
import { convertAccount } from '../../../src/server/business/accounts.service.ts';
import type { TestApp } from '../../support/app.ts';
import { makeUser, memberActor, type TestUser } from '../../support/factories.ts';
import type { PatScope } from '../../../src/shared/contracts/auth.ts';

export const BIZ_SCOPES: PatScope[] = ['biz_access:read', 'biz_access:write'];

export async function bizToken(t: TestApp, user: TestUser, scopes: readonly PatScope[] = BIZ_SCOPES): Promise<string> {
  return (await createPat(t.deps, memberActor(user.id), { name: 'business test', scopes: [...scopes] })).token;
}

/** A business account, made as a person turns their account into one. */
export async function makeBusiness(t: TestApp, name = 'shop'): Promise<TestUser> {
  const user = await makeUser(t.deps, name);
  await convertAccount(t.deps, user.actor, { business_name: `${name} Inc` });
  return user;
}

export async function makeAdAccount(t: TestApp, business: TestUser, name = 'Main ads'): Promise<string> {
  return (await createAdAccount(t.deps, business.actor, business.id, { name, country: 'US', currency: 'USD' })).id;
}

/** History rows of a business, oldest first, as stored. */
export async function historyRows(t: TestApp, businessId: string) {
  return t.deps.db.selectFrom('business_history').selectAll().where('business_id', '=', businessId).orderBy('created_at').orderBy('id').execute();
}

/** Every business table, as text: a refused call must leave it as it was. */
export async function businessSnapshot(t: TestApp): Promise<string> {
  const db = t.deps.db;
  return JSON.stringify(
    await Promise.all([
      db.selectFrom('business_members').selectAll().orderBy('business_id').orderBy('user_id').execute(),
      db.selectFrom('business_partners').selectAll().orderBy('business_id').orderBy('partner_id').execute(),
      db.selectFrom('business_assets').selectAll().orderBy('id').execute(),
      db.selectFrom('asset_group_assets').selectAll().orderBy('group_id').orderBy('asset_id').execute(),
      db.selectFrom('asset_grants').selectAll().orderBy('asset_id').orderBy('grantee_id').execute(),
      db.selectFrom('business_invites').selectAll().orderBy('id').execute(),
      db.selectFrom('business_children').selectAll().orderBy('parent_id').orderBy('child_id').execute(),
      db.selectFrom('business_history').selectAll().orderBy('id').execute(),
      db.selectFrom('users').select(['id', 'username', 'business_name', 'is_partner']).orderBy('id').execute(),
    ]),
  );
}
