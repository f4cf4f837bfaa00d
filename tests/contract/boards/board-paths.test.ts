import { describe, expect, it } from 'vitest';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from './helpers.ts';

type PinJson = { id: string; title: string };
type SectionJson = { id: string; title: string; slug: string; pin_count: number; cover_images: Record<string, { url: string }> | null };

/**
 * A board page knows only its URL (/:username/:slug/ and /:username/:slug/:section/) before
 * anything is loaded, so the board feed and the sections are read by path too; sections come
 * with a cover for the sections row.
 */
describe.each(databaseKinds)('board feed and sections by path on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('reads a board’s pins, its pins in no section and one section’s pins by path and section slug', async () => {
    const owner = await makeUser(t.deps, 'pather');
    const board = await makeBoard(t.deps, owner, { name: 'Garden Plans' });
    const beds = await makeSection(t.deps, owner, board, 'Raised Beds!');
    await makeSection(t.deps, owner, board, 'Empty one');
    const loose = await makePin(t.deps, owner, board, { title: 'Loose pin' });
    const inBeds = await makePin(t.deps, owner, board, { title: 'Bed pin', section: beds });
    const visitor = await visitorClient(t);
    const path = { username: owner.username.toUpperCase(), slug: board.slug };

    const all = ok<PinJson[]>(await visitor.getResource('BoardFeedResource', path));
    expect(all.map((p) => p.id)).toEqual([inBeds.pin.id, loose.pin.id]);
    expect(ok<PinJson[]>(await visitor.getResource('BoardFeedResource', { ...path, section_id: null })).map((p) => p.title)).toEqual(['Loose pin']);
    const section = ok<PinJson[]>(await visitor.getResource('BoardFeedResource', { ...path, section_slug: 'raised-beds' }));
    expect(section.map((p) => p.title)).toEqual(['Bed pin']);

    const sections = ok<SectionJson[]>(await visitor.getResource('BoardSectionResource', path));
    expect(sections.map((s) => [s.slug, s.pin_count])).toEqual([
      ['raised-beds', 1],
      ['empty-one', 0],
    ]);
    expect(sections[0]?.cover_images?.['236x']?.url).toMatch(/\/media\//);
    expect(sections[1]?.cover_images).toBeNull();
    const one = ok<SectionJson>(await visitor.getResource('BoardSectionResource', { ...path, section_slug: 'Raised-Beds' }));
    expect(one).toMatchObject({ id: beds.id, title: 'Raised Beds!' });
  });

  it('pages a board feed read by path with the same bookmarks', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    for (let i = 0; i < 26; i++) await makePin(t.deps, owner, board);
    const visitor = await visitorClient(t);
    const path = { username: owner.username, slug: board.slug };
    const first = await visitor.getResource('BoardFeedResource', path);
    expect(ok<PinJson[]>(first)).toHaveLength(25);
    const second = await visitor.getResource('BoardFeedResource', { ...path, bookmark: bookmarkOf(first) });
    expect(ok<PinJson[]>(second)).toHaveLength(1);
    expect(bookmarkOf(second)).toBe(FEED_END);
  });

  it('keeps a secret board’s feed and sections to the owner: others get 404 by path as by id', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner, { name: 'Surprise', privacy: 'secret' });
    const section = await makeSection(t.deps, owner, board, 'Gifts');
    await makePin(t.deps, owner, board, { section });
    const path = { username: owner.username, slug: board.slug };
    const visitor = await visitorClient(t);
    const stranger = await signIn(t, await makeUser(t.deps));
    for (const client of [visitor, stranger]) {
      failed(await client.getResource('BoardFeedResource', path), 404);
      failed(await client.getResource('BoardFeedResource', { ...path, section_slug: 'gifts' }), 404);
      failed(await client.getResource('BoardSectionResource', path), 404);
      failed(await client.getResource('BoardSectionResource', { ...path, section_slug: 'gifts' }), 404);
    }
    const browser = await signIn(t, owner);
    expect(ok<PinJson[]>(await browser.getResource('BoardFeedResource', { ...path, section_slug: 'gifts' }))).toHaveLength(1);
  });

  it('answers 404 for an unknown user, board or section slug, and 400 for bad options, changing nothing', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const visitor = await visitorClient(t);
    failed(await visitor.getResource('BoardFeedResource', { username: 'nobody-at-all-here', slug: board.slug }), 404);
    failed(await visitor.getResource('BoardFeedResource', { username: owner.username, slug: 'no-such-board' }), 404);
    failed(await visitor.getResource('BoardFeedResource', { username: owner.username, slug: board.slug, section_slug: 'nope' }), 404);
    failed(await visitor.getResource('BoardSectionResource', { username: owner.username, slug: board.slug, section_slug: 'nope' }), 404);
    const before = await t.deps.db.selectFrom('boards').selectAll().where('id', '=', board.id).executeTakeFirstOrThrow();
    for (const options of [
      {},
      { username: owner.username },
      { slug: board.slug },
      { username: 42, slug: board.slug },
      { username: owner.username, slug: '' },
      { username: owner.username, slug: 'x'.repeat(201) },
      { username: owner.username, slug: board.slug, section_slug: '' },
      { username: owner.username, slug: board.slug, section_slug: ['a'] },
      { board_id: 'not-an-id' },
    ]) {
      const feed = await visitor.getResource('BoardFeedResource', options);
      const sections = await visitor.getResource('BoardSectionResource', options);
      for (const response of [feed, sections]) {
        expect(response.statusCode, JSON.stringify(options)).toBeLessThan(500);
        expect([400, 404]).toContain(response.statusCode);
        expect(response.json()).toMatchObject({ resource_response: { status: 'failure', data: null } });
      }
    }
    expect(await t.deps.db.selectFrom('boards').selectAll().where('id', '=', board.id).executeTakeFirstOrThrow()).toEqual(before);
  });
});
