import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAssetGroup, deleteAssetGroups, updateAssetGroups } from '../business/asset-groups.service.ts';
import { assetGrantees, listAssets, memberAssets, partnerAssets } from '../business/assets.service.ts';
import { presentAssets, presentGrantees, presentGroups } from '../business/business-v5.service.ts';
import { deleteGrants, updateGrants } from '../business/grants.service.ts';
import type { Deps } from '../deps.ts';
import type { AssetKind } from '../../shared/business.ts';
import {
  CreateAssetGroup,
  DeleteAssetGroups,
  DeleteMemberAccess,
  DeletePartnerAccess,
  ListAssetMembers,
  ListAssetPartners,
  ListAssets,
  ListMemberAssets,
  ListPartnerAssets,
  UpdateAssetGroups,
  UpdateMemberAccess,
  UpdatePartnerAccess,
} from '../../shared/contracts/v5-business.ts';

const tags = ['v5 business access'];

/** Kinds Corkboard has no assets of (catalogs, consumers): their lists are empty. */
const ourKind = (kind: string): AssetKind | null => (kind === 'AD_ACCOUNT' || kind === 'PROFILE' || kind === 'ASSET_GROUP' ? kind : null);

/** /v5/businesses/{id}/assets, asset groups and the permissions of members and partners on assets. */
export function registerV5BusinessAssetRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/businesses/:business_id/assets', {
    schema: { tags, summary: 'A business’s assets of a type', ...ListAssets.schema },
    config: { scopes: ListAssets.scopes },
    handler: async (request) => {
      const q = request.query;
      const kind = ourKind(q.asset_type);
      const page = await listAssets(deps, request.actor, request.params.business_id, { kind, groupId: q.asset_group_id }, q);
      return { items: await presentAssets(deps, page.items), bookmark: page.bookmark };
    },
  });

  typed.get('/v5/businesses/:business_id/assets/:asset_id/members', {
    schema: { tags, summary: 'The members holding permissions on an asset', ...ListAssetMembers.schema },
    config: { scopes: ListAssetMembers.scopes },
    handler: async (request) => {
      const page = await assetGrantees(deps, request.actor, request.params.business_id, request.params.asset_id, 'MEMBER', request.query);
      return { items: await presentGrantees(deps, page.items), bookmark: page.bookmark };
    },
  });

  typed.get('/v5/businesses/:business_id/assets/:asset_id/partners', {
    schema: { tags, summary: 'The partners holding permissions on an asset', ...ListAssetPartners.schema },
    config: { scopes: ListAssetPartners.scopes },
    handler: async (request) => {
      const page = await assetGrantees(deps, request.actor, request.params.business_id, request.params.asset_id, 'PARTNER', request.query);
      return { items: await presentGrantees(deps, page.items), bookmark: page.bookmark };
    },
  });

  typed.get('/v5/businesses/:business_id/members/:member_id/assets', {
    schema: { tags, summary: 'A member’s permissions on the business’s assets', ...ListMemberAssets.schema },
    config: { scopes: ListMemberAssets.scopes },
    handler: async (request) => {
      const { business_id, member_id } = request.params;
      const kind = ourKind(request.query.asset_type);
      const page = await memberAssets(deps, request.actor, business_id, member_id, kind, request.query);
      return {
        items: page.items.map((g) => ({ asset_id: g.asset_id, asset_type: g.kind, permissions: JSON.parse(g.permissions) as string[] })),
        bookmark: page.bookmark,
      };
    },
  });

  typed.get('/v5/businesses/:business_id/partners/:partner_id/assets', {
    schema: { tags, summary: 'A partner’s permissions on assets', ...ListPartnerAssets.schema },
    config: { scopes: ListPartnerAssets.scopes },
    handler: async (request) => {
      const { business_id, partner_id } = request.params;
      const q = request.query;
      const kind = ourKind(q.asset_type);
      const page = await partnerAssets(deps, request.actor, business_id, partner_id, q.partner_type, kind, q);
      return {
        items: page.items.map((g) => ({ asset_id: g.asset_id, asset_type: g.kind, permissions: JSON.parse(g.permissions) as string[] })),
        bookmark: page.bookmark,
      };
    },
  });

  typed.patch('/v5/businesses/:business_id/members/assets/access', {
    schema: { tags, summary: 'Give members permissions on assets', ...UpdateMemberAccess.schema },
    config: { scopes: UpdateMemberAccess.scopes },
    handler: async (request) => {
      const accesses = request.body.accesses.map((a) => ({ asset_id: a.asset_id, grantee_id: a.member_id, permissions: a.permissions }));
      const results = await updateGrants(deps, request.actor, request.params.business_id, 'MEMBER', accesses);
      return { items: results.map((r) => ({ response: { asset_id: r.asset_id, member_id: r.grantee_id, permissions: r.permissions } })) };
    },
  });

  typed.delete('/v5/businesses/:business_id/members/assets/access', {
    schema: { tags, summary: 'Take members’ permissions on assets', ...DeleteMemberAccess.schema },
    config: { scopes: DeleteMemberAccess.scopes },
    handler: async (request) => {
      const accesses = request.body.accesses.map((a) => ({ asset_id: a.asset_id, grantee_id: a.member_id }));
      const results = await deleteGrants(deps, request.actor, request.params.business_id, 'MEMBER', accesses);
      return { items: results.map((r) => ({ asset_id: r.asset_id, member_id: r.grantee_id })) };
    },
  });

  typed.patch('/v5/businesses/:business_id/partners/assets', {
    schema: { tags, summary: 'Give partners permissions on assets', ...UpdatePartnerAccess.schema },
    config: { scopes: UpdatePartnerAccess.scopes },
    handler: async (request) => {
      const accesses = request.body.accesses.map((a) => ({ asset_id: a.asset_id, grantee_id: a.partner_id, permissions: a.permissions }));
      const results = await updateGrants(deps, request.actor, request.params.business_id, 'PARTNER', accesses);
      return { items: results.map((r) => ({ asset_id: r.asset_id, asset_type: r.asset_type, partner_id: r.grantee_id, permissions: r.permissions })) };
    },
  });

  typed.delete('/v5/businesses/:business_id/partners/assets', {
    schema: { tags, summary: 'Take partners’ permissions on assets', ...DeletePartnerAccess.schema },
    config: { scopes: DeletePartnerAccess.scopes },
    handler: async (request) => {
      const accesses = request.body.accesses.map((a) => ({ asset_id: a.asset_id, grantee_id: a.partner_id }));
      const results = await deleteGrants(deps, request.actor, request.params.business_id, 'PARTNER', accesses);
      return {
        items: results.map((r) => ({
          asset_id: r.asset_id,
          asset_type: r.asset_type,
          partner_id: r.grantee_id,
          permissions: r.permissions,
          is_shared_partner: false,
        })),
      };
    },
  });

  typed.post('/v5/businesses/:business_id/asset_groups', {
    schema: { tags, summary: 'Create an empty asset group', ...CreateAssetGroup.schema },
    config: { scopes: CreateAssetGroup.scopes },
    handler: async (request) => {
      const b = request.body;
      const group = await createAssetGroup(deps, request.actor, request.params.business_id, {
        name: b.asset_group_name,
        description: b.asset_group_description,
        types: b.asset_group_types,
      });
      const [shown] = await presentGroups(deps, [group]);
      if (!shown) throw new Error('a group presents as one group');
      return { asset_group: shown };
    },
  });

  typed.patch('/v5/businesses/:business_id/asset_groups', {
    schema: { tags, summary: 'Change asset groups and what they hold', ...UpdateAssetGroups.schema },
    config: { scopes: UpdateAssetGroups.scopes },
    handler: async (request) => {
      const updates = request.body.asset_groups_to_update.map((u) => ({
        asset_group_id: u.asset_group_id,
        name: u.name,
        types: u.asset_group_types,
        add: u.assets_to_add,
        remove: u.assets_to_remove,
      }));
      const { updated, exceptions } = await updateAssetGroups(deps, request.actor, request.params.business_id, updates);
      return { updated_asset_groups: await presentGroups(deps, updated), exceptions: exceptions.length > 0 ? exceptions : null };
    },
  });

  typed.delete('/v5/businesses/:business_id/asset_groups', {
    schema: { tags, summary: 'Delete asset groups', ...DeleteAssetGroups.schema },
    config: { scopes: DeleteAssetGroups.scopes },
    handler: async (request) => {
      const { deleted, exceptions } = await deleteAssetGroups(deps, request.actor, request.params.business_id, request.body.asset_groups_to_delete);
      return { deleted_asset_groups: deleted, exceptions: exceptions.length > 0 ? exceptions : null };
    },
  });
}
