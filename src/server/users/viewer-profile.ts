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

// Correlated on users.id: the same selection serves the session's read and a read by id. Two
// counts, each on its own index: one `or` across them read every board per signed-in request.
const sharedBoards = sql<number>`((select count(*) from boards b where b.owner_id = users.id and b.collaborator_count > 0)
  + (select count(*) from board_collaborators c inner join boards b on b.id = c.board_id
    where c.user_id = users.id and c.status = 'accepted' and not (b.owner_id = users.id and b.collaborator_count > 0)))`;
const verifiedSites = sql<number>`(select count(*) from user_websites w where w.user_id = users.id)`;

/**
 * What the viewer needs of the profile, selected beside the user row by any query with `users` in
 * scope and `user_profiles as p` left-joined: the session lookup reads it in the same statement.
 */
export const PROFILE_SELECTION = [
  'p.website_url',
  'p.image_media_id',
  'p.board_count',
  'p.secret_board_count',
  'p.pin_count',
  sharedBoards.as('group_board_count'),
  verifiedSites.as('verified_website_count'),
] as const;

export type ProfileRow = {
  website_url: string | null;
  image_media_id: string | null;
  board_count: number | null;
  secret_board_count: number | null;
  pin_count: number | null;
  group_board_count: number;
  verified_website_count: number;
};

/** The viewer's profile from its row: the websites are read only when there are any; the picture's view is usually kept. */
export async function viewerProfileOf(deps: Deps, userId: string, row: ProfileRow | undefined): Promise<ViewerProfile> {
  const verified = row && row.verified_website_count > 0 ? await verifiedWebsites(deps.db, userId) : [];
  const imageId = row?.image_media_id ?? null;
  const picture = imageId ? (await loadMediaViews(deps, [imageId])).get(imageId)?.images : undefined;
  return {
    ...presentWebsites(verified, row?.website_url ?? null),
    image_small_url: picture?.['60x60']?.url ?? null,
    image_medium_url: picture?.['136x136']?.url ?? null,
    image_large_url: picture?.['236x']?.url ?? null,
    image_xlarge_url: picture?.['474x']?.url ?? null,
    board_count: row?.board_count ?? 0,
    group_board_count: row?.group_board_count ?? 0,
    secret_board_count: row?.secret_board_count ?? 0,
    pin_count: row?.pin_count ?? 0,
  };
}

/** The viewer's profile read by user id (after a sign-in, or when the session's read is not at hand). */
export async function loadViewerProfile(deps: Deps, userId: string): Promise<ViewerProfile> {
  const row = await deps.db
    .selectFrom('users')
    .leftJoin('user_profiles as p', 'p.user_id', 'users.id')
    .select(PROFILE_SELECTION)
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return viewerProfileOf(deps, userId, row);
}
