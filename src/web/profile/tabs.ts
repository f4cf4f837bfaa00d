import { DEFAULT_BOARD_SORT, type BoardSort } from '../../shared/profile-view.ts';
import type { TypedRequest } from '../api/resource-types.ts';
import type { PageInput, PageResource } from '../router/types.ts';
import { userDidItsRequest } from '../tried/requests.ts';

/**
 * Business spec section 2, "Profile tabs: boards, pins, tried (did-it), story pins, archived
 * boards". Boards is the profile's own URL; the others are /:username/_<tab>/, a segment no board
 * slug or username can have (both never start with an underscore).
 */
export const PROFILE_TABS = ['boards', 'pins', 'tried', 'story_pins', 'archived'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

const SEGMENTS: Record<ProfileTab, string | null> = { boards: null, pins: '_created', tried: '_tried', story_pins: '_story_pins', archived: '_archived' };

export function tabPath(username: string, tab: ProfileTab): string {
  const segment = SEGMENTS[tab];
  return segment ? `/${username}/${segment}/` : `/${username}/`;
}

export function profileRequest(username: string): TypedRequest<'UserResource'> {
  return { name: 'UserResource', options: { username: username.toLowerCase() } };
}

export function boardsRequest(username: string, sort: BoardSort, archived: boolean): TypedRequest<'BoardsFeedResource'> {
  return { name: 'BoardsFeedResource', options: { username: username.toLowerCase(), sort, archived } };
}

export function createdPinsRequest(username: string): TypedRequest<'UserPinsResource'> {
  return { name: 'UserPinsResource', options: { username: username.toLowerCase() } };
}

export function storyPinsRequest(username: string): TypedRequest<'UserStoryPinsResource'> {
  return { name: 'UserStoryPinsResource', options: { username: username.toLowerCase() } };
}

/** What the server loads for a tab: the profile (a 404 without it), and the tab's first page. */
export function profileResources(tab: ProfileTab) {
  return ({ params, viewer }: PageInput): PageResource[] => {
    const username = params['username'] ?? '';
    const profile: PageResource = { ...profileRequest(username), required: true };
    if (tab === 'boards') return [profile, boardsRequest(username, DEFAULT_BOARD_SORT, false)];
    if (tab === 'pins') return [profile, createdPinsRequest(username)];
    if (tab === 'story_pins') return [profile, storyPinsRequest(username)];
    if (tab === 'tried') return [profile, userDidItsRequest(username)];
    const isOwner = viewer !== null && viewer.username === username.toLowerCase();
    if (isOwner) return [profile, boardsRequest(username, DEFAULT_BOARD_SORT, true)];
    return [profile];
  };
}
