import { defineResource, type Resource } from '../http/resources.ts';
import { AdAccountResource, BusinessAccountResource, BusinessHistoryResource } from '../../shared/contracts/business.ts';
import { TABLE_PAGE_SIZE } from '../../shared/business.ts';
import { convertAccount } from './accounts.service.ts';
import { createAdAccount } from './assets.service.ts';
import { businessHistoryPage } from './history.service.ts';

/** The business console's resources (docs/decisions/0051-business-access.md). */
export const businessResources: Resource[] = [
  defineResource(BusinessAccountResource, {
    update: async ({ input, actor, deps }) => ({
      data: { is_business: (await convertAccount(deps, actor, { business_name: input.business_name })).isBusiness },
    }),
    delete: async ({ actor, deps }) => ({ data: { is_business: (await convertAccount(deps, actor, 'personal')).isBusiness } }),
  }),
  defineResource(AdAccountResource, {
    create: async ({ input, actor, deps }) => {
      const row = await createAdAccount(deps, actor, input.business_id, input);
      return {
        data: { id: row.id, name: row.name, country: row.country ?? input.country, currency: row.currency ?? input.currency, owner_id: row.business_id },
      };
    },
  }),
  defineResource(BusinessHistoryResource, {
    get: async ({ input, actor, deps }) => ({
      data: await businessHistoryPage(
        deps,
        actor,
        input.business_id,
        { from: input.from, to: input.to },
        { bookmark: input.bookmark, page_size: TABLE_PAGE_SIZE },
      ),
    }),
  }),
];
