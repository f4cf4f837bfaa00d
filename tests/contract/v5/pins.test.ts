import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { boardRow, makeBoard, makePin, makeSection, makeUser, profileCounts, withCountedTestApp } from '../../support/factories.ts';
import { allPages, answered, imageSource, makeToken, v5 } from './helpers.ts';

type Pin = {
  id: string;
  title: string;
  description: string;
  link: string | null;
  alt_text: string;
  board_id?: string;
  board_section_id?: string | null;
  board_owner?: { username: string };
  is_owner: boolean;
  creative_type: string;
  media: { media_type: string; images?: Record<string, { url: string; width: number; height: number }> };
  pin_metrics?: null;
};

describe.each(databaseKinds)('public API pins on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('creates a pin from a base64 image on a board section, reads it, lists it, changes and deletes it', async () => {
    const owner = await makeUser(t.deps, 'v5creator');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board, 'Breads');
    const body = {
      board_id: board.id,
      board_section_id: section.id,
      media_source: await imageSource(),
      title: 'Sourdough',
      description: 'Long rise',
      link: 'https://bread.example/sourdough',
      alt_text: 'A loaf',
    };
    const created = answered<Pin>(await v5(t, 'POST', { path: '/pins', token, body }), 201);
    expect(created).toMatchObject({
      title: 'Sourdough',
      description: 'Long rise',
      link: 'https://bread.example/sourdough',
      alt_text: 'A loaf',
      board_id: board.id,
      board_section_id: section.id,
      board_owner: { username: owner.username },
      is_owner: true,
      creative_type: 'REGULAR',
      media: { media_type: 'image' },
    });
    const media = await t.deps.db
      .selectFrom('pins')
      .innerJoin('media', 'media.id', 'pins.media_id')
      .select(['media.owner_id', 'media.kind'])
      .where('pins.id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(media).toEqual({ owner_id: owner.id, kind: 'image' });
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 0 });

    const read = answered<Pin>(await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: created.id }, token, query: { pin_metrics: 'true' } }), 200);
    expect(read).toMatchObject({ id: created.id, board_id: board.id, board_section_id: section.id, pin_metrics: null });

    const changed = answered<Pin>(
      await v5(t, 'PATCH', { path: '/pins/{pin_id}', params: { pin_id: created.id }, token, body: { title: 'Rye sourdough', description: null, link: null } }),
      200,
    );
    expect(changed).toMatchObject({ title: 'Rye sourdough', description: '', link: null, alt_text: 'A loaf' });

    expect((await v5(t, 'DELETE', { path: '/pins/{pin_id}', params: { pin_id: created.id }, token })).statusCode).toBe(204);
    expect((await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: created.id }, token })).statusCode).toBe(404);
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 0 });
  });

  it('moves a pin to another board or section of the caller with PATCH board_id / board_section_id', async () => {
    const owner = await makeUser(t.deps, 'v5mover');
    const token = await makeToken(t, owner);
    const from = await makeBoard(t.deps, owner);
    const to = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, to, 'Later');
    const { pin } = await makePin(t.deps, owner, from);
    const moved = answered<Pin>(
      await v5(t, 'PATCH', { path: '/pins/{pin_id}', params: { pin_id: pin.id }, token, body: { board_id: to.id, board_section_id: section.id } }),
      200,
    );
    expect(moved).toMatchObject({ id: pin.id, board_id: to.id, board_section_id: section.id, title: pin.title });
    expect(await boardRow(t.deps, from.id)).toMatchObject({ pin_count: 0 });
    expect(await boardRow(t.deps, to.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 0 });
    const out = answered<Pin>(await v5(t, 'PATCH', { path: '/pins/{pin_id}', params: { pin_id: pin.id }, token, body: { board_section_id: null } }), 200);
    expect(out).toMatchObject({ board_id: to.id, board_section_id: null });
    expect(await boardRow(t.deps, to.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 1 });
  });

  it("saves someone else's pin to a board, a section, or (without a board) a quick save", async () => {
    const creator = await makeUser(t.deps, 'v5artist');
    const saver = await makeUser(t.deps, 'v5saver');
    const token = await makeToken(t, saver);
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const board = await makeBoard(t.deps, saver);
    const section = await makeSection(t.deps, saver, board, 'Inspiration');
    const saved = answered<Pin>(
      await v5(t, 'POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, token, body: { board_id: board.id, board_section_id: section.id } }),
      201,
    );
    expect(saved).toMatchObject({ id: pin.id, board_id: board.id, board_section_id: section.id, board_owner: { username: saver.username }, is_owner: false });
    const again = answered<Pin>(await v5(t, 'POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, token, body: { board_id: board.id } }), 201);
    expect(again.board_id).toBe(board.id);
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 1 });

    const other = (await makePin(t.deps, creator, await makeBoard(t.deps, creator))).pin;
    const quick = answered<Pin>(await v5(t, 'POST', { path: '/pins/{pin_id}/save', params: { pin_id: other.id }, token, body: {} }), 201);
    expect(quick.board_id).toBe(board.id);
    expect(await profileCounts(t.deps, saver.id)).toMatchObject({ pin_count: 2 });
    expect((await v5(t, 'PATCH', { path: '/pins/{pin_id}', params: { pin_id: pin.id }, token, body: { title: 'Mine now' } })).statusCode).toBe(403);
  });

  it("lists the pins the token user created, page by page, with the reference's filters", async () => {
    const owner = await makeUser(t.deps, 'v5many');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const made = [];
    for (let i = 0; i < 6; i += 1) made.push((await makePin(t.deps, owner, board)).pin);
    const stranger = await makeUser(t.deps, 'v5stranger');
    await makePin(t.deps, stranger, await makeBoard(t.deps, stranger));

    const { items, pages } = await allPages<Pin>(t, { path: '/pins', token, pageSize: 4 });
    expect(pages).toBe(2);
    expect(items.map((p) => p.id)).toEqual(made.map((p) => p.id).reverse());
    expect(items.every((p) => p.is_owner && p.board_id === board.id)).toBe(true);

    const exact = await allPages<Pin>(t, { path: '/pins', token, pageSize: 3 });
    expect(exact.pages).toBe(2);
    const notRepins = await allPages<Pin>(t, {
      path: '/pins',
      token,
      pageSize: 25,
      query: { pin_filter: 'exclude_repins', include_protected_pins: 'true', creative_types: 'REGULAR' },
    });
    expect(notRepins.items).toHaveLength(6);
    const emptyFilters: Record<string, string>[] = [{ pin_filter: 'exclude_native' }, { pin_filter: 'has_been_promoted' }, { creative_types: 'VIDEO,IDEA' }];
    for (const empty of emptyFilters) {
      expect(answered(await v5(t, 'GET', { path: '/pins', token, query: empty }), 200)).toEqual({ items: [], bookmark: null });
    }
  });

  it('presents image sizes under our names and the reference names, never larger than the name says', async () => {
    const owner = await makeUser(t.deps, 'v5sizes');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, owner, board);
    const read = answered<Pin>(await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: pin.id }, token }), 200);
    const images = read.media.images ?? {};
    expect(Object.keys(images)).toEqual(expect.arrayContaining(['150x150', '600x', '1200x', '236x', '736x', 'orig']));
    expect(images['150x150']?.width).toBeLessThanOrEqual(150);
    expect(images['600x']?.width).toBeLessThanOrEqual(600);
    expect(images['1200x']?.url).toBe(images['orig']?.url);
  });
});
