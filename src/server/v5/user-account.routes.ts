import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import type { User } from '../db/schema/accounts.ts';
import { getProfile } from '../social/profile.service.ts';
import { ownAccount } from '../users/own-account.service.ts';
import type { ProfileJson } from '../../shared/contracts/social.ts';
import { GetUserAccount, type V5Account } from '../../shared/contracts/v5-account.ts';

/** The reference's Account from our user and the profile as the token may see it. */
function presentV5Account(user: User, profile: ProfileJson): V5Account {
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
    monthly_views: null,
  };
}

/** /v5/user_account: the token user's account with the counts the token may know. */
export function registerV5UserAccountRoutes(app: FastifyInstance, deps: Deps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/v5/user_account', {
    schema: { tags: ['v5 user_account'], summary: "The token user's account", ...GetUserAccount.schema },
    config: { scopes: GetUserAccount.scopes },
    handler: async (request) => {
      const user = await ownAccount(deps, request.actor);
      const profile = await getProfile(deps, request.actor, user.username);
      return presentV5Account(user, profile);
    },
  });
}
