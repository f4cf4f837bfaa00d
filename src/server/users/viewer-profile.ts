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

/** Boards the member shares with others: owned ones with collaborators, and accepted collaborations. */
async function groupBoardCount(deps: Deps, userId: string): Promise<number> {
  const row = await deps.db
    .selectFrom('boards')
    .select(sql<number>`count(*)`.as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('owner_id', '=', userId), eb('collaborator_count', '>', 0)]),
        eb.exists(eb.selectFrom('board_collaborators as c').select('c.user_id').whereRef('c.board_id', '=', 'boards.id').where('c.user_id', '=', userId).where('c.status', '=', 'accepted')),
      ]),
    )
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** The viewer's own profile data, in three small indexed queries run at once (and the picture's media). */
export async function loadViewerProfile(deps: Deps, userId: string): Promise<ViewerProfile> {
  const [profile, verified, groups] = await Promise.all([
    deps.db
      .selectFrom('user_profiles')
      .select(['website_url', 'image_media_id', 'board_count', 'secret_board_count', 'pin_count'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    verifiedWebsites(deps.db, userId),
    groupBoardCount(deps, userId),
  ]);
  const imageId = profile?.image_media_id ?? null;
  const picture = imageId ? (await loadMediaViews(deps, [imageId])).get(imageId)?.images : undefined;
  return {
    ...presentWebsites(verified, profile?.website_url ?? null),
    image_small_url: picture?.['60x60']?.url ?? null,
    image_medium_url: picture?.['136x136']?.url ?? null,
    image_large_url: picture?.['236x']?.url ?? null,
    image_xlarge_url: picture?.['474x']?.url ?? null,
    board_count: profile?.board_count ?? 0,
    group_board_count: groups,
    secret_board_count: profile?.secret_board_count ?? 0,
    pin_count: profile?.pin_count ?? 0,
  };
}
