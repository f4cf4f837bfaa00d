import { prependNewPin, type ResourceRequest } from '../../shared/resource-cache.ts';
import type { ResourceStore } from '../data/resource-store.ts';
import type { BoardChoice, SavablePin } from './types.ts';

type Item = { id?: unknown; type?: unknown };

/** A board's path from its URL (`/<username>/<slug>/`), lower-cased as the board page's reads name it. */
export function boardPathOf(url: string): { username: string; slug: string } | null {
  const match = /^\/([^/]+)\/([^/]+)\/?$/.exec(url);
  return match?.[1] && match[2] ? { username: decodeURIComponent(match[1]).toLowerCase(), slug: decodeURIComponent(match[2]).toLowerCase() } : null;
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/** Whether a BoardFeedResource read is of this board, named by id or by path. */
function isFeedOfBoard(request: ResourceRequest, board: { id: string; url: string }): boolean {
  if (request.name !== 'BoardFeedResource') return false;
  if (request.options['board_id'] !== undefined) return request.options['board_id'] === board.id;
  const path = boardPathOf(board.url);
  return path !== null && lower(request.options['username']) === path.username && lower(request.options['slug']) === path.slug;
}

/** Whether a BoardFeedResource read lists the saves in this section (or in none, for a null section). */
export function isBoardFeedOf({ board, section }: BoardChoice) {
  return (request: ResourceRequest): boolean => {
    if (!isFeedOfBoard(request, board)) return false;
    const bySlug = request.options['section_slug'];
    if (bySlug !== undefined) return section?.slug !== undefined && lower(bySlug) === section.slug.toLowerCase();
    const byId = request.options['section_id'];
    // Absent: the whole board; null: the pins in no section; an id: that section.
    return byId === undefined || byId === (section?.id ?? null);
  };
}

/** Every cached copy of the pin gets these fields (grids, the pin page, profile and board feeds). */
export function applyToPin(store: ResourceStore, pinId: string, fields: Record<string, unknown>): void {
  store.changeItems((item) => (item['type'] === 'pin' && item['id'] === pinId ? { ...item, ...fields } : undefined));
}

/** A pin no board holds any more leaves every list. */
export function dropPin(store: ResourceStore, pinId: string): void {
  store.changeItems((item) => (item['type'] === 'pin' && item['id'] === pinId ? null : undefined));
}

/** A new save heads the feeds of its board and section (after up to two leading stories). */
export function addToBoardFeeds(store: ResourceStore, pin: SavablePin, choice: BoardChoice): void {
  store.changeFeeds(isBoardFeedOf(choice), (items) =>
    prependNewPin(
      (items as Item[]).filter((i) => i.id !== pin.id),
      pin as Item,
    ),
  );
}

/** A save that left a board (unsave, or a move) leaves every feed of that board: a board holds a pin once. */
export function removeFromBoardFeeds(store: ResourceStore, pinId: string, board: { id: string; url: string }): void {
  store.changeFeeds(
    (request) => isFeedOfBoard(request, board),
    (items) => (items as Item[]).filter((i) => i.id !== pinId),
  );
}

/** A board's and a section's pin counts move with a save, never below 0 (every copy: board page, lists, picker). */
export function shiftPinCounts(store: ResourceStore, boardId: string, sectionId: string | null, by: number): void {
  store.changeItems((item) => {
    const counted =
      (item['type'] === 'board' && item['id'] === boardId) || (sectionId !== null && item['type'] === 'board_section' && item['id'] === sectionId);
    if (!counted) return undefined;
    const next: Record<string, unknown> = { ...item, pin_count: Math.max(0, Number(item['pin_count'] ?? 0) + by) };
    if (item['type'] === 'board' && sectionId === null) next['sectionless_pin_count'] = Math.max(0, Number(item['sectionless_pin_count'] ?? 0) + by);
    return next;
  });
}

/** The picker's lists are read fresh the next time it opens (its recent boards changed). */
export function forgetPickerLists(store: ResourceStore): void {
  store.invalidate((r) => r.name === 'BoardPickerBoardsResource');
}
