import { describe, expect, it } from 'vitest';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp, makeBoard, makePin, makeSection, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from './helpers.ts';

type BoardJson = {
  id: string;
  name: string;
  slug: string;
  url: string;
  privacy: string;
  pin_count: number;
  section_count: number;
  access: string[];
  archived_by_me_at: string | null;
  owner: { username: string };
};

describe.each(databaseKinds)('board resources on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  it('BoardResource: create, get by id and by path, update, archive, delete', async () => {
    const me = await makeUser(t.deps, 'maker');
    const browser = await signIn(t, me);
    const created = ok<BoardJson>(await browser.resource('BoardResource', 'create', { name: 'Summer Recipes', description: 'Cold soups', privacy: 'secret' }));
    expect(created).toMatchObject({
      name: 'Summer Recipes',
      slug: 'summer-recipes',
      url: `/${me.username}/summer-recipes/`,
      privacy: 'secret',
      pin_count: 0,
      access: ['write', 'delete'],
    });
    expect(ok<BoardJson>(await browser.getResource('BoardResource', { board_id: created.id })).id).toBe(created.id);
    expect(ok<BoardJson>(await browser.getResource('BoardResource', { username: me.username.toUpperCase(), slug: 'summer-recipes' })).id).toBe(created.id);
    failed(await (await visitorClient(t)).getResource('BoardResource', { username: me.username, slug: 'summer-recipes' }), 404);

    const updated = ok<BoardJson>(await browser.resource('BoardResource', 'update', { board_id: created.id, name: 'Winter Recipes', privacy: 'public' }));
    expect(updated).toMatchObject({ slug: 'winter-recipes', privacy: 'public' });
    const archived = ok<BoardJson>(await browser.resource('BoardResource', 'update', { board_id: created.id, archived: true }));
    expect(archived.archived_by_me_at).toMatch(/^\d{4}-/);
    expect(ok<BoardJson>(await browser.resource('BoardResource', 'update', { board_id: created.id, archived: false })).archived_by_me_at).toBeNull();
    expect(ok(await browser.resource('BoardResource', 'delete', { board_id: created.id }))).toBeNull();
    failed(await browser.getResource('BoardResource', { board_id: created.id }), 404);
  });

  it('BoardSectionResource: create, list, read, rename, delete', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    const section = ok<{ id: string; title: string; pin_count: number }>(
      await browser.resource('BoardSectionResource', 'create', { board_id: board.id, title: '  Soups ' }),
    );
    expect(section).toMatchObject({ title: 'Soups', pin_count: 0 });
    expect(ok<{ id: string }[]>(await browser.getResource('BoardSectionResource', { board_id: board.id })).map((s) => s.id)).toEqual([section.id]);
    expect(ok<{ title: string }>(await browser.resource('BoardSectionResource', 'update', { section_id: section.id, title: 'Stews' })).title).toBe('Stews');
    expect(ok<{ section_count: number }>(await browser.getResource('BoardResource', { board_id: board.id })).section_count).toBe(1);
    ok(await browser.resource('BoardSectionResource', 'delete', { section_id: section.id }));
    failed(await browser.getResource('BoardSectionResource', { section_id: section.id }), 404);
  });

  it('BoardFeedResource: 25 pins a page, newest first, an opaque bookmark, then the end marker', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const section = await makeSection(t.deps, me, board);
    const made: string[] = [];
    for (let i = 0; i < 27; i += 1) made.push((await makePin(t.deps, me, board, i % 9 === 0 ? { section } : {})).pin.id);
    const visitor = await visitorClient(t);
    const first = await visitor.getResource('BoardFeedResource', { board_id: board.id });
    const page1 = ok<{ id: string }[]>(first);
    expect(page1).toHaveLength(25);
    const bookmark = bookmarkOf(first);
    expect(bookmark).not.toBe(FEED_END);
    const second = await visitor.getResource('BoardFeedResource', { board_id: board.id, bookmark });
    const page2 = ok<{ id: string }[]>(second);
    expect(bookmarkOf(second)).toBe(FEED_END);
    expect([...page1, ...page2].map((p) => p.id)).toEqual([...made].reverse());
    expect(ok<unknown[]>(await visitor.getResource('BoardFeedResource', { board_id: board.id, bookmark: FEED_END }))).toEqual([]);
    expect(ok<unknown[]>(await visitor.getResource('BoardFeedResource', { board_id: board.id, section_id: section.id }))).toHaveLength(3);
    expect(ok<unknown[]>(await visitor.getResource('BoardFeedResource', { board_id: board.id, section_id: null, bookmark: undefined }))).toHaveLength(24);
    failed(await visitor.getResource('BoardFeedResource', { board_id: board.id, bookmark: 'forged' }), 400);
  });

  it('BoardsFeedResource: a profile’s boards by sort, archived apart, paged', async () => {
    const me = await makeUser(t.deps);
    const names = Array.from({ length: 27 }, (_, i) => `Board ${String.fromCharCode(97 + (i % 26))}${i}`);
    const boards = [];
    for (const name of names) boards.push(await makeBoard(t.deps, me, { name }));
    await makeBoard(t.deps, me, { name: 'Hidden one', privacy: 'secret' });
    const browser = await signIn(t, me);
    ok(await browser.resource('BoardResource', 'update', { board_id: boards[0]?.id, archived: true }));
    const visitor = await visitorClient(t);
    const collect = async (client: typeof visitor, options: Record<string, unknown>) => {
      const all: string[] = [];
      for (let bookmark: string | null = null; bookmark !== FEED_END;) {
        const r = await client.getResource('BoardsFeedResource', { username: me.username, ...options, ...(bookmark ? { bookmark } : {}) });
        all.push(...ok<BoardJson[]>(r).map((b) => b.name));
        bookmark = bookmarkOf(r);
      }
      return all;
    };
    const alphabetical = await collect(visitor, { sort: 'alphabetical' });
    expect(alphabetical).toHaveLength(26);
    expect(alphabetical).toEqual([...alphabetical].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase(), 'en')));
    expect(await collect(visitor, { sort: 'newest' })).toEqual(names.slice(1).reverse());
    expect(await collect(visitor, { archived: true })).toEqual([names[0]]);
    expect(await collect(browser, { sort: 'oldest' })).toContain('Hidden one');
    failed(await visitor.getResource('BoardsFeedResource', { username: 'nobody-here-at-all' }), 404);
  });

  it('BoardPickerBoardsResource: recent boards first, then by name; search; saved marks', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const zebra = await makeBoard(t.deps, me, { name: 'Zebra prints' });
    await makeBoard(t.deps, me, { name: 'Apple pies' });
    await makeBoard(t.deps, me, { name: 'Mango 100%' });
    const { pin } = await makePin(t.deps, me, zebra);
    type Picked = { name: string; picker_section: string; saved_here: boolean };
    const picked = ok<Picked[]>(await browser.getResource('BoardPickerBoardsResource', { pin_id: pin.id }));
    expect(picked.map((b) => [b.name, b.picker_section, b.saved_here])).toEqual([
      ['Zebra prints', 'recent', true],
      ['Apple pies', 'all', false],
      ['Mango 100%', 'all', false],
    ]);
    expect(ok<Picked[]>(await browser.getResource('BoardPickerBoardsResource', { query: 'PIE' })).map((b) => b.name)).toEqual(['Apple pies']);
    expect(ok<Picked[]>(await browser.getResource('BoardPickerBoardsResource', { query: '100%' })).map((b) => b.name)).toEqual(['Mango 100%']);
    expect(ok<Picked[]>(await browser.getResource('BoardPickerBoardsResource', { query: '_' }))).toEqual([]);
    failed(await (await visitorClient(t)).getResource('BoardPickerBoardsResource', {}), 401);
  });
});
