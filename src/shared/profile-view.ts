import { z } from 'zod';

/**
 * The viewer's profile view settings (business spec section 3, "Profile view": boardPinDensity,
 * boardSortOrder (a map), profileBoardView, profilePinDensity), kept in the browser per viewer.
 * Stored text is untrusted: a field that does not parse falls back to its default on its own.
 */

export const PIN_DENSITIES = ['default', 'compact'] as const;
export const BOARD_VIEWS = ['default', 'compact'] as const;
/** BoardsFeedResource's sorts. */
export const BOARD_SORTS = ['last_saved', 'alphabetical', 'newest', 'oldest'] as const;

export type PinDensity = (typeof PIN_DENSITIES)[number];
export type BoardView = (typeof BOARD_VIEWS)[number];
export type BoardSort = (typeof BOARD_SORTS)[number];

export type ProfileView = {
  boardPinDensity: PinDensity;
  /**
   * The sort of each profile's boards: the map's entries (profile user id, sort), latest last.
   * Entries rather than an object, because an object orders numeric keys (our ids) by number.
   */
  boardSortOrder: [string, BoardSort][];
  profileBoardView: BoardView;
  profilePinDensity: PinDensity;
};

export const DEFAULT_BOARD_SORT: BoardSort = 'last_saved';
/** The sort orders remembered; the oldest entries go first. */
export const BOARD_SORTS_KEPT = 50;

export const DEFAULT_PROFILE_VIEW: ProfileView = {
  boardPinDensity: 'default',
  boardSortOrder: [],
  profileBoardView: 'default',
  profilePinDensity: 'default',
};

const Stored = z.object({
  boardPinDensity: z.enum(PIN_DENSITIES).catch(DEFAULT_PROFILE_VIEW.boardPinDensity),
  boardSortOrder: z
    .array(z.tuple([z.string().max(40), z.enum(BOARD_SORTS)]))
    .max(BOARD_SORTS_KEPT)
    .catch([]),
  profileBoardView: z.enum(BOARD_VIEWS).catch(DEFAULT_PROFILE_VIEW.profileBoardView),
  profilePinDensity: z.enum(PIN_DENSITIES).catch(DEFAULT_PROFILE_VIEW.profilePinDensity),
});

export function parseProfileView(stored: string | null): ProfileView {
  if (!stored) return DEFAULT_PROFILE_VIEW;
  try {
    const parsed = Stored.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : DEFAULT_PROFILE_VIEW;
  } catch {
    return DEFAULT_PROFILE_VIEW;
  }
}

export function boardSortOf(view: ProfileView, profileUserId: string): BoardSort {
  return view.boardSortOrder.find(([id]) => id === profileUserId)?.[1] ?? DEFAULT_BOARD_SORT;
}

/** Remembers a profile's board sort; the map keeps the latest few (the changed one last). */
export function withBoardSort(view: ProfileView, profileUserId: string, sort: BoardSort): ProfileView {
  const entries = view.boardSortOrder.filter(([id]) => id !== profileUserId);
  entries.push([profileUserId, sort]);
  return { ...view, boardSortOrder: entries.slice(-BOARD_SORTS_KEPT) };
}

/** The storage key of a viewer's settings; visitors share one. */
export function profileViewKey(viewerId: string | null): string {
  return `corkboard.profileView.${viewerId ?? 'visitor'}`;
}
