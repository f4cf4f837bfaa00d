import type { Viewer } from '../../shared/viewer.ts';
import type { Deps } from '../deps.ts';
import { loadMediaViews } from '../media/media-views.ts';
import { NO_WEBSITES, presentWebsites, type ViewerWebsites } from './websites.present.ts';
import { verifiedWebsites } from './websites.repo.ts';
import { profileRowOf, type ProfileRow } from './viewer-profile.repo.ts';

/** What the viewer shows from the member's profile: websites, picture and own counts (secret ones included). */
export type ViewerProfile = ViewerWebsites &
  Pick<
    Viewer,
    | 'is_private_profile'
    | 'is_write_banned'
    | 'has_parental_control_passcode'
    | 'image_small_url'
    | 'image_medium_url'
    | 'image_large_url'
    | 'image_xlarge_url'
    | 'board_count'
    | 'group_board_count'
    | 'secret_board_count'
    | 'pin_count'
  >;

export const EMPTY_PROFILE: ViewerProfile = {
  ...NO_WEBSITES,
  is_private_profile: false,
  is_write_banned: false,
  has_parental_control_passcode: false,
  image_small_url: null,
  image_medium_url: null,
  image_large_url: null,
  image_xlarge_url: null,
  board_count: 0,
  group_board_count: 0,
  secret_board_count: 0,
  pin_count: 0,
};

/** The viewer's profile from its row: the websites are read only when there are any; the picture's view is usually kept. */
export async function viewerProfileOf(deps: Deps, userId: string, row: ProfileRow | undefined): Promise<ViewerProfile> {
  const verified = row && row.verified_website_count > 0 ? await verifiedWebsites(deps.db, userId) : [];
  const imageId = row?.image_media_id ?? null;
  const picture = imageId ? (await loadMediaViews(deps, [imageId])).get(imageId)?.images : undefined;
  return {
    ...presentWebsites(verified, row?.website_url ?? null),
    is_private_profile: row?.is_private_profile === 1,
    is_write_banned: row?.write_banned === 1 || row?.suspended === 1,
    // PostgreSQL's count is a bigint, which arrives as text.
    has_parental_control_passcode: Number(row?.parental_passcode_count ?? 0) > 0,
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
  return viewerProfileOf(deps, userId, await profileRowOf(deps.db, userId));
}
