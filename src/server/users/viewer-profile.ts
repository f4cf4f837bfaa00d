import { sql } from 'kysely';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../pins/pin-media.ts';
import { NO_WEBSITES, presentWebsites, type ViewerWebsites } from './websites.present.ts';
import { verifiedWebsites } from './websites.service.ts';

/** What the viewer shows from the member's profile: websites, picture and own counts (secret ones included). */
export type ViewerProfile = ViewerWebsites & {
  image_small_url: string | null;
  image_medium_url: string | null;
  image_large_url: string | null;
  image_xlarge_url: string | null;
  board_count: number;
  group_board_count: number;
  secret_board_count: number;
  pin_count: number;
};

export const EMPTY_PROFILE: ViewerProfile = {
  ...NO_WEBSITES,
  image_small_url: null,
  image_medium_url: null,
  image_large_url: null,
  image_xlarge_url: null,
  board_count: 0,
  group_board_count: 0,
  secret_board_count: 0,
  pin_count: 0,
};

/** The profile row and the count of boards the member shares (owned with collaborators, or joined), in one query. */
function profileQuery(deps: Deps, userId: string) {
  return deps.db
    .selectFrom('users')
    .leftJoin('user_profiles as p', 'p.user_id', 'users.id')
    .select(['p.website_url', 'p.image_media_id', 'p.board_count', 'p.secret_board_count', 'p.pin_count'])
    .select((eb) =>
      eb
        .selectFrom('boards')
        .select(sql<number>`count(*)`.as('n'))
        .where((b) =>
          b.or([
            b.and([b('boards.owner_id', '=', userId), b('boards.collaborator_count', '>', 0)]),
            b.exists(b.selectFrom('board_collaborators as c').select('c.user_id').whereRef('c.board_id', '=', 'boards.id').where('c.user_id', '=', userId).where('c.status', '=', 'accepted')),
          ]),
        )
        .as('group_board_count'),
    )
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The viewer's own profile data: one query for the profile, one for verified websites; the picture's view is usually kept. */
export async function loadViewerProfile(deps: Deps, userId: string): Promise<ViewerProfile> {
  const [profile, verified] = await Promise.all([profileQuery(deps, userId), verifiedWebsites(deps.db, userId)]);
  const imageId = profile?.image_media_id ?? null;
  const picture = imageId ? (await loadMediaViews(deps, [imageId])).get(imageId)?.images : undefined;
  return {
    ...presentWebsites(verified, profile?.website_url ?? null),
    image_small_url: picture?.['60x60']?.url ?? null,
    image_medium_url: picture?.['136x136']?.url ?? null,
    image_large_url: picture?.['236x']?.url ?? null,
    image_xlarge_url: picture?.['474x']?.url ?? null,
    board_count: profile?.board_count ?? 0,
    group_board_count: profile?.group_board_count ?? 0,
    secret_board_count: profile?.secret_board_count ?? 0,
    pin_count: profile?.pin_count ?? 0,
  };
}
