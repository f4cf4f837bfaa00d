import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { getProfile } from '../social/profile.service.ts';
import { findUserById } from '../users/users.repo.ts';
import { AdAccountQuery, requireScopes, SCOPES } from './v5.http.ts';

/** /v5/user_account: the token user's account with the counts the token may know. */
export function registerV5UserAccountRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v5/user_account', {
    schema: { tags: ['v5 user_account'], summary: "The token user's account", querystring: AdAccountQuery },
    handler: async (request) => {
      const actor = requireScopes(request.actor, SCOPES.readAccount);
      const user = await findUserById(deps.db, actor.userId);
      if (!user) throw new AppError('unauthorized');
      const profile = await getProfile(deps, actor, user.username);
      return {
        id: user.id,
        username: user.username,
        account_type: user.is_partner === 1 ? 'BUSINESS' : 'PINNER',
        business_name: user.business_name,
        about: profile.about,
        ...(profile.website_url ? { website_url: profile.website_url } : {}),
        ...(profile.image_large_url ? { profile_image: profile.image_large_url } : {}),
        board_count: profile.board_count,
        pin_count: profile.pin_count,
        follower_count: profile.follower_count,
        following_count: profile.following_count,
        // Profile views are not counted.
        monthly_views: null,
      };
    },
  });
}
