import { describe, expect, it } from 'vitest';
import { resourceKey, type LoadedResource, type ResourceRequest } from '../../../src/shared/resource-cache.ts';
import { createResourceStore } from '../../../src/web/data/resource-store.ts';
import { addToBoardFeeds, boardPathOf, isBoardFeedOf, removeFromBoardFeeds, shiftPinCounts } from '../../../src/web/save/cache-updates.ts';
import { usernameOf } from '../../../src/web/board-edit/username.ts';
import type { BoardChoice } from '../../../src/web/save/types.ts';

const board = { id: '10', name: 'Trips', url: '/Ada/trips/', privacy: 'public' as const };
const choice = (section: BoardChoice['section'] = null): BoardChoice => ({ board, section });
const feed = (options: Record<string, unknown>): ResourceRequest => ({ name: 'BoardFeedResource', options });
const pin = (id: string, type = 'pin') => ({ type, id, saved_info: null });

function storeWith(entries: [ResourceRequest, unknown][]) {
  const seed: Record<string, LoadedResource> = {};
  for (const [request, data] of entries) seed[resourceKey(request)] = { request, cached: { data, bookmark: null } };
  return createResourceStore(seed);
}

const ids = (store: ReturnType<typeof storeWith>, request: ResourceRequest) => (store.get(resourceKey(request))?.data as { id: string }[]).map((i) => i.id);

describe('a save reaches the cached feeds of its board, named by id or by path', () => {
  it("reads a board's path from its URL, lower-cased", () => {
    expect(boardPathOf('/Ada/Trips/')).toEqual({ username: 'ada', slug: 'trips' });
    expect(boardPathOf('/ada/trips')).toEqual({ username: 'ada', slug: 'trips' });
    expect(boardPathOf('/pin/1/x/')).toBeNull();
  });

  it('matches the whole board, its pins in no section, and the chosen section by id or slug', () => {
    const toBoard = isBoardFeedOf(choice());
    expect(toBoard(feed({ board_id: '10' }))).toBe(true);
    expect(toBoard(feed({ username: 'ada', slug: 'trips', section_id: null }))).toBe(true);
    expect(toBoard(feed({ username: 'ada', slug: 'trips', section_slug: 'x' }))).toBe(false);
    expect(toBoard(feed({ board_id: '11' }))).toBe(false);
    expect(toBoard({ name: 'UserPinsResource', options: { board_id: '10' } })).toBe(false);
    const toSection = isBoardFeedOf(choice({ id: '5', title: 'Beach', slug: 'beach' }));
    expect(toSection(feed({ board_id: '10', section_id: '5' }))).toBe(true);
    expect(toSection(feed({ username: 'ada', slug: 'trips', section_slug: 'Beach' }))).toBe(true);
    expect(toSection(feed({ username: 'ada', slug: 'trips', section_id: null }))).toBe(false);
    expect(toSection(feed({ username: 'ada', slug: 'trips' }))).toBe(true);
  });

  it('puts a new save on top, after up to two leading stories, once', () => {
    const whole = feed({ username: 'ada', slug: 'trips', section_id: null });
    const other = feed({ board_id: '99' });
    const store = storeWith([
      [whole, [pin('s1', 'story'), pin('s2', 'story'), pin('a')]],
      [other, [pin('b')]],
    ]);
    addToBoardFeeds(store, pin('n'), choice());
    addToBoardFeeds(store, pin('n'), choice());
    expect(ids(store, whole)).toEqual(['s1', 's2', 'n', 'a']);
    expect(ids(store, other)).toEqual(['b']);
  });

  it('takes an unsaved pin out of every feed of its board and moves counts, never below 0', () => {
    const whole = feed({ board_id: '10' });
    const section = feed({ username: 'ada', slug: 'trips', section_slug: 'beach' });
    const boardRead: ResourceRequest = { name: 'BoardResource', options: { board_id: '10' } };
    const store = storeWith([
      [whole, [pin('a'), pin('b')]],
      [section, [pin('a')]],
      [boardRead, { type: 'board', id: '10', pin_count: 1, sectionless_pin_count: 0 }],
    ]);
    removeFromBoardFeeds(store, 'a', board);
    expect(ids(store, whole)).toEqual(['b']);
    expect(ids(store, section)).toEqual([]);
    shiftPinCounts(store, '10', null, -1);
    shiftPinCounts(store, '10', null, -1);
    expect(store.get(resourceKey(boardRead))?.data).toMatchObject({ pin_count: 0, sectionless_pin_count: 0 });
    shiftPinCounts(store, '10', '5', 2);
    expect(store.get(resourceKey(boardRead))?.data).toMatchObject({ pin_count: 2, sectionless_pin_count: 0 });
  });
});

describe('invite by username', () => {
  it('takes a username as typed, with an @, or inside a profile address', () => {
    expect(usernameOf('  ada ')).toBe('ada');
    expect(usernameOf('@ada')).toBe('ada');
    expect(usernameOf('https://corkboard.example/ada/')).toBe('ada');
    expect(usernameOf('/ada')).toBe('ada');
  });
});
