import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { presentInviteList, presentInvites } from '../business/business-v5.service.ts';
import { addInviteAssets, answerInvites, cancelInvites, createInvites, listInvites, requestAssetAccess } from '../business/invites.service.ts';
import type { Deps } from '../deps.ts';
import { AddInviteAssets, AnswerInvites, CancelInvites, CreateInvites, ListInvites, RequestAssetAccess } from '../../shared/contracts/v5-business.ts';

const tags = ['v5 business access'];

/** /v5/businesses/.../invites and requests: send, list, answer, cancel, attach assets, ask partners for access. */
export function registerV5BusinessInviteRoutes(app: FastifyInstance, deps: Deps): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get('/v5/businesses/:business_id/invites', {
    schema: { tags, summary: 'Invites the business sent (is_member=true) or received', ...ListInvites.schema },
    config: { scopes: ListInvites.scopes },
    handler: async (request) => {
      const { business_id } = request.params;
      const q = request.query;
      const listing = { received: !q.is_member, statuses: q.invite_status, kind: q.invite_type };
      const page = await listInvites(deps, request.actor, business_id, listing, q);
      return { items: await presentInviteList(deps, business_id, page.items), bookmark: page.bookmark };
    },
  });

  typed.post('/v5/businesses/:business_id/invites', {
    schema: { tags, summary: 'Invite members or partners', ...CreateInvites.schema },
    config: { scopes: CreateInvites.scopes },
    handler: async (request) => {
      const b = request.body;
      const outcomes = await createInvites(deps, request.actor, request.params.business_id, {
        role: b.business_role,
        kind: b.invite_type,
        members: b.members,
        partners: b.partners,
      });
      const shown = new Map(
        (
          await presentInvites(
            deps,
            request.params.business_id,
            outcomes.flatMap((o) => o.invite ?? []),
          )
        ).map((i) => [i.id, i]),
      );
      return {
        items: outcomes.map((o) => ({
          invite: o.invite ? { id: o.invite.id, user: shown.get(o.invite.id)?.user ?? { id: null, username: null, email: null } } : null,
          exception: o.exception,
        })),
      };
    },
  });

  typed.delete('/v5/businesses/:business_id/invites', {
    schema: { tags, summary: 'Cancel pending invites and requests', ...CancelInvites.schema },
    config: { scopes: CancelInvites.scopes },
    handler: async (request) => {
      const outcomes = await cancelInvites(deps, request.actor, request.params.business_id, request.body.invite_ids);
      const shown = new Map(
        (
          await presentInvites(
            deps,
            request.params.business_id,
            outcomes.flatMap((o) => o.invite ?? []),
          )
        ).map((i) => [i.id, i]),
      );
      return { items: outcomes.map((o) => ({ invite: (o.invite && shown.get(o.invite.id)) ?? null, exception: o.exception })) };
    },
  });

  typed.patch('/v5/businesses/invites', {
    schema: { tags, summary: 'Accept or decline invites and requests sent to the token user or a business they run', ...AnswerInvites.schema },
    config: { scopes: AnswerInvites.scopes },
    handler: async (request) => {
      const answers = request.body.invites.map((i) => ({ invite_id: i.invite_id, accept: i.action.accept_invite, assets: i.action.asset_id_to_permissions }));
      const outcomes = await answerInvites(deps, request.actor, answers);
      const invites = outcomes.flatMap((o) => o.invite ?? []);
      const shown = new Map(
        (await Promise.all(invites.map(async (invite) => (await presentInvites(deps, invite.invitee_id, [invite]))[0] ?? []))).flat().map((i) => [i.id, i]),
      );
      return { items: outcomes.map((o) => ({ invite: (o.invite && shown.get(o.invite.id)) ?? null, exception: o.exception })) };
    },
  });

  typed.post('/v5/businesses/:business_id/invites/assets/access', {
    schema: { tags, summary: 'Add asset permissions to pending invites', ...AddInviteAssets.schema },
    config: { scopes: AddInviteAssets.scopes },
    handler: async (request) => {
      const { business_id } = request.params;
      const items = request.body.invites.map((i) => ({ invite_id: i.invite_id, kind: i.invite_type, assets: i.asset_id_to_permissions }));
      const outcomes = await addInviteAssets(deps, request.actor, business_id, items);
      const shown = new Map(
        (
          await presentInvites(
            deps,
            business_id,
            outcomes.flatMap((o) => o.invite ?? []),
          )
        ).map((i) => [i.id, i]),
      );
      return {
        items: outcomes.map((o) => {
          const invite = o.invite && shown.get(o.invite.id);
          return {
            invite: o.invite && invite ? { ...invite, created_by_business_id: o.invite.business_id, created_by_user_id: o.invite.created_by } : null,
            exception: o.exception,
          };
        }),
      };
    },
  });

  typed.post('/v5/businesses/:business_id/requests/assets/access', {
    schema: { tags, summary: 'Ask partners for access to their assets', ...RequestAssetAccess.schema },
    config: { scopes: RequestAssetAccess.scopes },
    handler: async (request) => {
      const requests = request.body.asset_requests.map((r) => ({ partner_id: r.partner_id, assets: r.asset_id_to_permissions }));
      const { invites, exceptions } = await requestAssetAccess(deps, request.actor, request.params.business_id, requests);
      return { invites, exceptions: exceptions.length > 0 ? exceptions : null };
    },
  });
}
