import { makeUser } from '../../support/factories.ts';
import { convertAccount } from '../../../src/server/business/accounts.service.ts';
import { createAdAccount } from '../../../src/server/business/assets.service.ts';
import { upsertMember } from '../../../src/server/business/business.repo.ts';
import { deleteGrants, updateGrants } from '../../../src/server/business/grants.service.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { createServer } from '../../../src/server/server.ts';
import { ASSET_PERMISSIONS } from '../../../src/shared/business.ts';

/**
 * The process the business permissions fault test kills (business-grants-crash.test.ts): a business
 * gives and takes its employees' permissions on an ad account, four employees at a time, printing
 * each change before it is asked ("changing") and once acknowledged ("changed"), until the test
 * kills it with SIGKILL mid-change.
 */
const server = await createServer(loadConfig({ ...process.env, DEMO: 'off', LOG_LEVEL: 'error' }));
const { deps } = server;
const shop = await makeUser(deps, 'crashshop');
await convertAccount(deps, shop.actor, { business_name: 'Crash Shop' });
const ads = (await createAdAccount(deps, shop.actor, shop.id, { name: 'Ads', country: 'US', currency: 'USD' })).id;
const lanes = await Promise.all(
  [1, 2, 3, 4].map(async (n) => {
    const user = await makeUser(deps, `emp${n}`);
    await upsertMember(deps.db, { business_id: shop.id, user_id: user.id, role: 'EMPLOYEE', created_by: shop.id, created_at: Date.now() });
    return user.id;
  }),
);
process.stdout.write(`business ${shop.id} ${ads}\n`);

async function lane(memberId: string, seed: number): Promise<void> {
  for (let step = 0; ; step += 1) {
    const permission = ASSET_PERMISSIONS[(seed + step) % ASSET_PERMISSIONS.length] ?? 'ANALYST';
    const take = (seed + step) % 5 === 4;
    const value = take ? 'none' : permission;
    process.stdout.write(`changing ${memberId} ${value}\n`);
    if (take) await deleteGrants(deps, shop.actor, shop.id, 'MEMBER', [{ asset_id: ads, grantee_id: memberId }]);
    else await updateGrants(deps, shop.actor, shop.id, 'MEMBER', [{ asset_id: ads, grantee_id: memberId, permissions: [permission] }]);
    process.stdout.write(`changed ${memberId} ${value}\n`);
  }
}

await Promise.all(lanes.map((id, n) => lane(id, n * 3)));
