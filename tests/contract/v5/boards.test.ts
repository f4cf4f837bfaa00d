import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { boardRow, makeBoard, makePin, makeSection, makeUser, profileCounts, withCountedTestApp } from '../../support/factories.ts';
import { allPages, answered, makeToken, v5, type ErrorBody } from './helpers.ts';

type Board = {
  id: string;
  name: string;
  description: string | null;
  privacy: string;
  owner: { username: string };
  pin_count: number;
  media: { image_cover_url: string | null; pin_thumbnail_urls: string[] };
};
type Section = { id: string; name: string };
type Pin = { id: string; board_id?: string; board_section_id?: string | null };

describe.each(databaseKinds)('public API boards and sections on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('creates, reads, updates and deletes a board; counts follow', async () => {
    const owner = await makeUser(t.deps, 'v5owner');
    const token = await makeToken(t, owner);
    const created = answered<Board>(
      await v5(t, 'POST', { path: '/boards', token, body: { name: 'Summer recipes', description: 'Cold soups', privacy: 'SECRET' } }),
      201,
    );
    expect(created).toMatchObject({ name: 'Summer recipes', description: 'Cold soups', privacy: 'SECRET', owner: { username: owner.username }, pin_count: 0 });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 1, secret_board_count: 1 });

    const read = answered<Board>(await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: created.id }, token }), 200);
    expect(read).toEqual(created);

    const updated = answered<Board>(
      await v5(t, 'PATCH', {
        path: '/boards/{board_id}',
        params: { board_id: created.id },
        token,
        body: { name: 'Winter recipes', description: null, privacy: 'PUBLIC' },
      }),
      200,
    );
    expect(updated).toMatchObject({ id: created.id, name: 'Winter recipes', description: '', privacy: 'PUBLIC' });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 1, secret_board_count: 0 });

    const deleted = await v5(t, 'DELETE', { path: '/boards/{board_id}', params: { board_id: created.id }, token });
    expect(deleted.statusCode).toBe(204);
    expect(answered<ErrorBody>(await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: created.id }, token }), 404).code).toBeGreaterThan(0);
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 0 });
  });

  it('lists owned and group boards newest first, page by page to the end, with a privacy filter', async () => {
    const owner = await makeUser(t.deps, 'v5lister');
    const friend = await makeUser(t.deps, 'v5friend');
    const token = await makeToken(t, owner);
    const made = [];
    for (let i = 0; i < 7; i += 1) made.push(await makeBoard(t.deps, owner, { name: `Board ${i}`, privacy: i % 3 === 0 ? 'secret' : 'public' }));
    const group = await makeBoard(t.deps, friend, { name: 'Group board' });
    await inviteCollaborator(t.deps, friend.actor, group.id, owner.id);
    await acceptInvite(t.deps, owner.actor, group.id);
    await makeBoard(t.deps, friend, { name: 'Not mine' });

    const { items, pages } = await allPages<Board>(t, { path: '/boards', token, pageSize: 3 });
    expect(pages).toBe(3);
    expect(items.map((b) => b.name)).toEqual(['Group board', ...made.map((b) => b.name).reverse()]);

    const secret = await allPages<Board>(t, { path: '/boards', token, pageSize: 2, query: { privacy: 'SECRET' } });
    expect(secret.items.map((b) => b.name)).toEqual(['Board 6', 'Board 3', 'Board 0']);
    const publicOnes = await allPages<Board>(t, { path: '/boards', token, pageSize: 25, query: { privacy: 'PUBLIC' } });
    expect(publicOnes.items.every((b) => b.privacy === 'PUBLIC')).toBe(true);
    expect(publicOnes.items).toHaveLength(5);
    const is = answered<{ items: Board[]; bookmark: null }>(await v5(t, 'GET', { path: '/boards', token, query: { privacy: 'PROTECTED' } }), 200);
    expect(is).toEqual({ items: [], bookmark: null });
  });

  it("lists a board's pins newest save first, page by page, with their board, section and media", async () => {
    const owner = await makeUser(t.deps, 'v5pins');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board, 'Soups');
    const pins = [];
    for (let i = 0; i < 5; i += 1) pins.push((await makePin(t.deps, owner, board, i % 2 === 0 ? { section } : {})).pin);

    const { items } = await allPages<Pin & { media: { media_type: string; images: Record<string, { url: string }> } }>(t, {
      path: '/boards/{board_id}/pins',
      params: { board_id: board.id },
      token,
      pageSize: 2,
    });
    expect(items.map((p) => p.id)).toEqual(pins.map((p) => p.id).reverse());
    expect(items.every((p) => p.board_id === board.id)).toBe(true);
    expect(items.filter((p) => p.board_section_id === section.id)).toHaveLength(3);
    expect(items[0]?.media.media_type).toBe('image');
    expect(items[0]?.media.images['150x150']?.url).toMatch(/^http/);

    const inSection = await allPages<Pin>(t, {
      path: '/boards/{board_id}/sections/{section_id}/pins',
      params: { board_id: board.id, section_id: section.id },
      token,
      pageSize: 1,
    });
    expect(inSection.items.map((p) => p.id)).toEqual([pins[4], pins[2], pins[0]].map((p) => p?.id));

    const videos = answered<{ items: Pin[] }>(
      await v5(t, 'GET', { path: '/boards/{board_id}/pins', params: { board_id: board.id }, token, query: { creative_types: 'VIDEO' } }),
      200,
    );
    expect(videos.items).toEqual([]);
    const regular = answered<{ items: Pin[] }>(
      await v5(t, 'GET', { path: '/boards/{board_id}/pins', params: { board_id: board.id }, token, query: { creative_types: ['REGULAR', 'VIDEO'] } }),
      200,
    );
    expect(regular.items).toHaveLength(5);
    const board5 = answered<Board>(await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: board.id }, token }), 200);
    expect(board5.pin_count).toBe(5);
    expect(board5.media.pin_thumbnail_urls).toHaveLength(5);
    expect(board5.media.image_cover_url).toMatch(/^http/);
  });

  it('adds, lists (paged), renames and deletes sections; a section is reached only through its own board', async () => {
    const owner = await makeUser(t.deps, 'v5sections');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const other = await makeBoard(t.deps, owner);
    const names = ['Starters', 'Mains', 'Desserts', 'Drinks'];
    const sections: Section[] = [];
    for (const name of names) {
      sections.push(
        answered<Section>(await v5(t, 'POST', { path: '/boards/{board_id}/sections', params: { board_id: board.id }, token, body: { name } }), 201),
      );
    }
    expect((await boardRow(t.deps, board.id)).section_count).toBe(4);
    const listed = await allPages<Section>(t, { path: '/boards/{board_id}/sections', params: { board_id: board.id }, token, pageSize: 3 });
    expect(listed).toEqual({ items: sections, pages: 2 });

    const [first] = sections;
    if (!first) throw new Error('no section');
    const renamed = answered<Section>(
      await v5(t, 'PATCH', {
        path: '/boards/{board_id}/sections/{section_id}',
        params: { board_id: board.id, section_id: first.id },
        token,
        body: { name: 'Small plates' },
      }),
      200,
    );
    expect(renamed).toEqual({ id: first.id, name: 'Small plates' });
    const wrongBoard = { board_id: other.id, section_id: first.id };
    expect((await v5(t, 'PATCH', { path: '/boards/{board_id}/sections/{section_id}', params: wrongBoard, token, body: { name: 'X' } })).statusCode).toBe(404);
    expect((await v5(t, 'DELETE', { path: '/boards/{board_id}/sections/{section_id}', params: wrongBoard, token })).statusCode).toBe(404);
    expect((await v5(t, 'GET', { path: '/boards/{board_id}/sections/{section_id}/pins', params: wrongBoard, token })).statusCode).toBe(404);

    await makePin(t.deps, owner, board, { section: { ...first, board_id: board.id, title: 'Small plates', pin_count: 0, created_at: 0, updated_at: 0 } });
    expect(
      (await v5(t, 'DELETE', { path: '/boards/{board_id}/sections/{section_id}', params: { board_id: board.id, section_id: first.id }, token })).statusCode,
    ).toBe(204);
    const row = await boardRow(t.deps, board.id);
    expect(row).toMatchObject({ section_count: 3, pin_count: 0 });
  });
});
