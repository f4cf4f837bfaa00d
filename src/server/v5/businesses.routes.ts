import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createBrandAccount, updateBrandAccount } from '../business/hierarchy.service.ts';
import { presentBindings } from '../business/business-v5.service.ts';
import { listEmployers, listMembers, listPartners, removeMembers, removePartners, updateMemberRoles, updateSystemUser } from '../business/members.service.ts';
import type { Deps } from '../deps.ts';
import {
  CreateBrandAccount,
  DeleteMembers,
  DeletePartners,
  ListEmployers,
  ListMembers,
  ListPartners,
  UpdateBrandAccount,
  UpdateMembers,
  UpdateSystemUser,
} from '../../shared/contracts/v5-business.ts';

const tags = ['v5 business access'];

/** /v5/businesses (relationships): a business's members and partners, a person's employers, brand accounts. */
export function registerV5BusinessRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/businesses/employers', {
    schema: { tags, summary: 'The businesses the token user works for', ...ListEmployers.schema },
    config: { scopes: ListEmployers.scopes },
    handler: async (request) => {
      const page = await listEmployers(deps, request.actor, request.query);
      const rows = page.items.map((r) => ({ id: r.business_id, roles: [r.role], created_at: r.created_at, created_by: r.created_by, business: r.business_id }));
      return { items: await presentBindings(deps, '', rows, false), bookmark: page.bookmark };
    },
  });

  typed.get('/v5/businesses/:business_id/members', {
    schema: { tags, summary: 'A business’s members and their roles', ...ListMembers.schema },
    config: { scopes: ListMembers.scopes },
    handler: async (request) => {
      const { business_id } = request.params;
      const q = request.query;
      const page = await listMembers(deps, request.actor, business_id, { roles: q.business_roles, ids: q.member_ids }, q);
      const rows = page.items.map((r) => ({ id: r.user_id, roles: [r.role], created_at: r.created_at, created_by: r.created_by, business: business_id }));
      return { items: await presentBindings(deps, business_id, rows, q.assets_summary ?? false), bookmark: page.bookmark };
    },
  });

  typed.patch('/v5/businesses/:business_id/members', {
    schema: { tags, summary: 'Change members’ roles', ...UpdateMembers.schema },
    config: { scopes: UpdateMembers.scopes },
    handler: async (request) => ({ items: await updateMemberRoles(deps, request.actor, request.params.business_id, request.body) }),
  });

  typed.delete('/v5/businesses/:business_id/members', {
    schema: { tags, summary: 'Remove members with their permissions', ...DeleteMembers.schema },
    config: { scopes: DeleteMembers.scopes },
    handler: async (request) => ({ deleted_members: await removeMembers(deps, request.actor, request.params.business_id, request.body.members) }),
  });

  typed.get('/v5/businesses/:business_id/partners', {
    schema: { tags, summary: 'A business’s partners', ...ListPartners.schema },
    config: { scopes: ListPartners.scopes },
    handler: async (request) => {
      const { business_id } = request.params;
      const q = request.query;
      const page = await listPartners(deps, request.actor, business_id, q.partner_type, q.partner_ids, q);
      const rows = page.items.map((r) => ({ id: r.partner_id, roles: ['PARTNER'], created_at: r.created_at, created_by: r.created_by, business: business_id }));
      const items = await presentBindings(
        deps,
        q.partner_type === 'INTERNAL' ? business_id : '',
        rows,
        (q.assets_summary ?? false) && q.partner_type === 'INTERNAL',
      );
      return { items: items.map((item) => ({ ...item, is_shared_partner: q.partner_type === 'EXTERNAL' })), bookmark: page.bookmark };
    },
  });

  typed.delete('/v5/businesses/:business_id/partners', {
    schema: { tags, summary: 'End partnerships', ...DeletePartners.schema },
    config: { scopes: DeletePartners.scopes },
    handler: async (request) => ({
      deleted_partners: await removePartners(
        deps,
        request.actor,
        request.params.business_id,
        request.body.partner_ids,
        request.body.partner_type ?? 'INTERNAL',
      ),
    }),
  });

  typed.patch('/v5/businesses/:business_id/system_users/:system_user_id', {
    schema: { tags, summary: 'Rename a system user (Corkboard has none: not found)', ...UpdateSystemUser.schema },
    config: { scopes: UpdateSystemUser.scopes },
    handler: async (request) => updateSystemUser(deps, request.actor, request.params.business_id, request.params.system_user_id),
  });

  typed.post('/v5/business_access/business_hierarchy/:business_hierarchy_id/brand_accounts', {
    schema: { tags, summary: 'Create a brand account under a business', ...CreateBrandAccount.schema },
    config: { scopes: CreateBrandAccount.scopes },
    handler: async (request) => ({ brand_account_id: await createBrandAccount(deps, request.actor, request.params.business_hierarchy_id, request.body) }),
  });

  typed.patch('/v5/business_access/business_hierarchy/:business_hierarchy_id/brand_accounts/:brand_account_id', {
    schema: { tags, summary: 'Change a brand account', ...UpdateBrandAccount.schema },
    config: { scopes: UpdateBrandAccount.scopes },
    handler: async (request) => ({
      brand_account_id: await updateBrandAccount(deps, request.actor, request.params.business_hierarchy_id, request.params.brand_account_id, request.body),
    }),
  });
}
