import { catchUpSearch } from '../../support/settle.ts';
import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, withCountedTestApp } from '../../support/factories.ts';
import { allPages, answered, makeToken, v5 } from './helpers.ts';

type Page<T> = { items: T[]; bookmark: string | null };
type Pin = { id: string; title: string };
type Board = { id: string; name: string; privacy: string };

/** GET /v5/search/pins and /v5/search/boards: the token user's own pins and boards, by their words. */
describe.each(databaseKinds)('public API search on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('finds the pins the token user saved by their words, page by page, and by a list of ids', async () => {
    const gardener = await makeUser(t.deps, 'v5gardener');
    const neighbour = await makeUser(t.deps, 'v5neighbour');
    const token = await makeToken(t, gardener);
    const beds = await makeBoard(t.deps, gardener, { name: 'Raised beds' });
    const mine: string[] = [];
    for (let i = 0; i < 27; i += 1) mine.push((await makePin(t.deps, gardener, beds, { title: `Herb garden ${String(i)}` })).pin.id);
    const theirs = await makePin(t.deps, neighbour, await makeBoard(t.deps, neighbour, { name: 'Allotment' }), { title: 'Herb garden next door' });
    const saved = await makePin(t.deps, neighbour, await makeBoard(t.deps, neighbour, { name: 'Balcony' }), { title: 'Balcony herb planter' });
    await savePin(t.deps, gardener.actor, { pinId: saved.pin.id, boardId: beds.id });
    await catchUpSearch(t.deps);

    const first = answered<Page<Pin>>(await v5(t, 'GET', { path: '/search/pins', token, query: { query: 'herb' } }), 200);
    expect(first.items).toHaveLength(25);
    expect(first.bookmark).not.toBeNull();
    const second = answered<Page<Pin>>(await v5(t, 'GET', { path: '/search/pins', token, query: { query: 'herb', bookmark: first.bookmark ?? '' } }), 200);
    expect(second.bookmark).toBeNull();
    const found = [...first.items, ...second.items].map((p) => p.id);
    expect(new Set(found).size).toBe(found.length);
    expect(found.sort()).toEqual([...mine, saved.pin.id].sort());
    expect(found).not.toContain(theirs.pin.id);

    const byIds = answered<Page<Pin>>(
      await v5(t, 'GET', { path: '/search/pins', token, query: { query: `${mine[3] ?? ''}, ${theirs.pin.id},${saved.pin.id}` } }),
      200,
    );
    expect(byIds).toEqual({ items: [expect.objectContaining({ id: mine[3] }), expect.objectContaining({ id: saved.pin.id })], bookmark: null });
    const nothing = answered<Page<Pin>>(await v5(t, 'GET', { path: '/search/pins', token, query: { query: 'tractor' } }), 200);
    expect(nothing).toEqual({ items: [], bookmark: null });
  });

  it('finds the boards the token user owns or collaborates on, secret ones included; without a query, all of them', async () => {
    const owner = await makeUser(t.deps, 'v5boardowner');
    const friend = await makeUser(t.deps, 'v5friend');
    const token = await makeToken(t, owner);
    const kitchen = await makeBoard(t.deps, owner, { name: 'Kitchen ideas' });
    const secret = await makeBoard(t.deps, owner, { name: 'Kitchen budget', privacy: 'secret' });
    await makeBoard(t.deps, owner, { name: 'Garden paths' });
    const shared = await makeBoard(t.deps, friend, { name: 'Kitchen remodel' });
    await inviteCollaborator(t.deps, friend.actor, shared.id, owner.id);
    await acceptInvite(t.deps, owner.actor, shared.id);
    await makeBoard(t.deps, friend, { name: 'Kitchen gadgets' });

    const { items, pages } = await allPages<Board>(t, { path: '/search/boards', token, query: { query: 'kitchen' }, pageSize: 2 });
    expect(pages).toBe(2);
    expect(items.map((b) => b.id).sort()).toEqual([kitchen.id, secret.id, shared.id].sort());
    expect(items.find((b) => b.id === secret.id)?.privacy).toBe('SECRET');

    const all = await allPages<Board>(t, { path: '/search/boards', token, pageSize: 10 });
    expect(all.items.map((b) => b.name).sort()).toEqual(['Garden paths', 'Kitchen budget', 'Kitchen ideas', 'Kitchen remodel']);
  });
});
