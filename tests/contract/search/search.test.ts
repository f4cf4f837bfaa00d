import { catchUpSearch } from '../../support/settle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteBoard, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deleteSection, renameSection } from '../../../src/server/boards/sections.service.ts';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import { deletePin, editPin } from '../../../src/server/pins/pins.service.ts';
import { moveSave, savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import { MATCH_WINDOW } from '../../../src/server/search/pin-matches.ts';
import { INLINE_REINDEX_LIMIT, reindexWaitingPins } from '../../../src/server/search/stale-pins.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makePin, makeProductPin, makeSection, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { allPages, idsFound, indexDrift, searchAs } from './helpers.ts';

/*
 * The index follows every change of pins, saves, boards and sections in the change's own
 * transaction (or, for changes to many pins, through the reindex job), and each scope answers
 * what it should, page after page.
 */

describe.each(databaseKinds)('text search on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let visitor: TestClient;
  let bobClient: TestClient;
  let baking: Board;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    alice = await makeUser(t.deps, 'alice');
    bob = await makeUser(t.deps, 'bob');
    baking = await makeBoard(t.deps, alice, { name: 'Weekend Baking' });
    visitor = await visitorClient(t);
    bobClient = await signIn(t, bob);
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    // What the worker would have done by now; a change that marked nothing still shows as drift.
    await catchUpSearch(t.deps);
    expect(await indexDrift(t.deps)).toEqual([]);
    await t.close();
  });

  it('finds a new pin by its title, description, public board and section names and link domain, stemmed and unaccented', async () => {
    const section = await makeSection(t.deps, alice, baking, 'Sourdough Loaves');
    const { pin } = await makePin(t.deps, alice, baking, { title: 'Crusty country breads', section, link: 'https://bakery.example.org/bread' });
    await editPin(t.deps, alice.actor, pin.id, { description: 'An overnight rise with crème fraîche' });
    for (const query of ['crusty', 'BREAD', 'country bread', 'overnight', 'creme fraiche', 'weekend baking', 'sourdough', 'bakery']) {
      expect(await idsFound(visitor, query), query).toContain(pin.id);
    }
    expect(await idsFound(visitor, 'crusty sandwich')).toEqual([]);
  });

  it('an edit is searchable at once, and the words it removed no longer find the pin', async () => {
    const { pin } = await makePin(t.deps, alice, baking, { title: 'Lemon drizzle' });
    await editPin(t.deps, alice.actor, pin.id, { title: 'Orange drizzle' });
    expect(await idsFound(visitor, 'orange')).toContain(pin.id);
    expect(await idsFound(visitor, 'lemon')).not.toContain(pin.id);
  });

  it("a save adds the board's name, a move the new section's, an unsave takes them away, once the job has caught up; a deleted pin is gone", async () => {
    const { pin } = await makePin(t.deps, alice, baking, { title: 'Plum galette' });
    const rustic = await makeBoard(t.deps, bob, { name: 'Rustic Kitchen' });
    const tarts = await makeSection(t.deps, bob, rustic, 'Autumn tarts');
    const save = await savePin(t.deps, bob.actor, { pinId: pin.id, boardId: rustic.id });
    await catchUpSearch(t.deps);
    expect(await idsFound(visitor, 'rustic')).toContain(pin.id);
    await moveSave(t.deps, bob.actor, save.id, { sectionId: tarts.id });
    await catchUpSearch(t.deps);
    expect(await idsFound(visitor, 'autumn tarts')).toContain(pin.id);
    await unsavePin(t.deps, bob.actor, save.id);
    await catchUpSearch(t.deps);
    expect(await idsFound(visitor, 'rustic')).not.toContain(pin.id);
    expect(await idsFound(visitor, 'galette')).toContain(pin.id);
    await deletePin(t.deps, alice.actor, pin.id);
    expect(await idsFound(visitor, 'galette')).toEqual([]);
    expect(await t.deps.db.selectFrom('search_pins').select('pin_id').where('pin_id', '=', pin.id).execute()).toEqual([]);
  });

  it('a saved pin waiting for the job is still found as it was, and never by anyone its boards no longer show it to', async () => {
    const secret = await makeBoard(t.deps, bob, { name: 'Bob private', privacy: 'secret' });
    const { pin } = await makePin(t.deps, bob, secret, { title: 'Hidden quince jelly' });
    const open = await makeBoard(t.deps, bob, { name: 'Preserves' });
    const save = await savePin(t.deps, bob.actor, { pinId: pin.id, boardId: open.id });
    await catchUpSearch(t.deps);
    expect(await idsFound(visitor, 'quince')).toEqual([pin.id]);
    // Unsaved from its only public board: the document may still say public until its subscriber
    // runs, yet the policy decides who sees the pin, before and after.
    await unsavePin(t.deps, bob.actor, save.id);
    expect(await idsFound(visitor, 'quince')).toEqual([]);
    expect(await idsFound(bobClient, 'quince')).toEqual([pin.id]);
    await t.deps.events.settled();
    expect(await idsFound(visitor, 'quince')).toEqual([]);
    expect(await idsFound(bobClient, 'quince')).toEqual([pin.id]);
  });

  it('renaming a board, a section or making the board secret changes what finds its pins', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Picnic ideas' });
    const section = await makeSection(t.deps, alice, board, 'Lakeside');
    const { pin } = await makePin(t.deps, alice, board, { title: 'Gingham blanket', section });
    await updateBoard(t.deps, alice.actor, board.id, { name: 'Garden parties' });
    expect(await idsFound(visitor, 'picnic')).not.toContain(pin.id);
    expect(await idsFound(visitor, 'garden parties')).toContain(pin.id);
    await renameSection(t.deps, alice.actor, section.id, 'Riverside');
    expect(await idsFound(visitor, 'lakeside')).not.toContain(pin.id);
    expect(await idsFound(visitor, 'riverside')).toContain(pin.id);
    await updateBoard(t.deps, alice.actor, board.id, { privacy: 'secret' });
    expect(await idsFound(visitor, 'gingham')).toEqual([]);
    expect(await idsFound(await signIn(t, alice), 'gingham')).toEqual([pin.id]);
  });

  it('deleting a section or a board takes its name from the pins still saved elsewhere', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Quilting patterns' });
    const section = await makeSection(t.deps, alice, board, 'Hexagon blocks');
    const { pin } = await makePin(t.deps, alice, board, { title: 'Scrappy star', section });
    const elsewhere = await makeBoard(t.deps, bob, { name: 'Sewing room' });
    await savePin(t.deps, bob.actor, { pinId: pin.id, boardId: elsewhere.id });
    await deleteSection(t.deps, alice.actor, section.id);
    expect(await idsFound(visitor, 'hexagon')).toEqual([]);
    await deleteBoard(t.deps, alice.actor, board.id);
    await catchUpSearch(t.deps);
    expect(await idsFound(visitor, 'quilting')).toEqual([]);
    expect(await idsFound(visitor, 'scrappy star')).toEqual([pin.id]);
  });

  it('a change to more pins than a transaction rebuilds leaves them out of search until the job has rebuilt them', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Wicker baskets' });
    for (let i = 0; i <= INLINE_REINDEX_LIMIT; i += 1) await makePin(t.deps, alice, board, { title: `Basket ${i}` });
    await catchUpSearch(t.deps);
    await updateBoard(t.deps, alice.actor, board.id, { name: 'Storage bins' });
    expect(await idsFound(visitor, 'wicker')).toEqual([]);
    expect(await idsFound(visitor, 'storage')).toEqual([]);
    expect(await reindexWaitingPins(t.deps.db)).toBe(INLINE_REINDEX_LIMIT + 1);
    expect(await idsFound(visitor, 'wicker')).toEqual([]);
    // Every rebuilt pin is found: the newest MATCH_WINDOW by the board's name, the oldest by its own words too.
    expect((await allPages(visitor, { query: 'storage bins' })).ids).toHaveLength(Math.min(INLINE_REINDEX_LIMIT + 1, MATCH_WINDOW));
    expect(await idsFound(visitor, 'storage bins basket 0')).toHaveLength(1);
  });

  it('answers each scope: pins, my_pins, boards, users, idea_pins', async () => {
    const carla = await makeUser(t.deps, 'carlotta');
    const board = await makeBoard(t.deps, carla, { name: 'Ceramic studio' });
    const { pin } = await makePin(t.deps, carla, board, { title: 'Ceramic mugs' });
    const bobs = await makeBoard(t.deps, bob, { name: 'Kitchen shelf' });
    await savePin(t.deps, bob.actor, { pinId: pin.id, boardId: bobs.id });
    const { pin: other } = await makePin(t.deps, carla, board, { title: 'Ceramic vase' });

    const pins = await searchAs(bobClient, { query: 'ceramic' });
    expect(pins.data.results.map((r) => r.id).sort()).toEqual([pin.id, other.id].sort());
    expect(pins.data).toMatchObject({ scope: 'pins', scope_id: 43 });
    expect(pins.data.tabs.map((tab) => [tab.name, tab.tab_index, tab.is_selected])).toEqual([
      ['pins', 0, true],
      ['buyable_pins', 1, false],
      ['videos', 2, false],
      ['boards', 3, false],
      ['users', 4, false],
    ]);
    expect((await searchAs(bobClient, { query: 'ceramic', scope: 'my_pins' })).data.results.map((r) => r.id)).toEqual([pin.id]);
    expect((await visitor.getResource('BaseSearchResource', { query: 'ceramic', scope: 'my_pins' })).statusCode).toBe(401);
    expect((await searchAs(visitor, { query: 'ceramic', user: carla.username })).data.results).toHaveLength(2);
    expect((await searchAs(visitor, { query: 'ceramic', user: bob.username })).data.results.map((r) => r.id)).toEqual([pin.id]);

    const boards = await searchAs(visitor, { query: 'ceram', scope: 'boards' });
    expect(boards.data.results.map((r) => [r.type, r.id])).toEqual([['board', board.id]]);
    const users = await searchAs(visitor, { query: 'carlott', scope: 'users' });
    expect(users.data.results.map((r) => [r.type, r.id])).toEqual([['user', carla.id]]);
    expect((await searchAs(visitor, { query: carla.username, scope: 'users' })).data.results.map((r) => r.id)).toEqual([carla.id]);
    const ideas = await searchAs(visitor, { query: 'ceramic', scope: 'idea_pins' });
    expect(ideas.data.results).toEqual([]);
    expect(ideas.bookmark).toBe('-end-');
  });

  it('answers videos and products only with pins of that kind, with the product filters', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Teapots' });
    const { pin: plain } = await makePin(t.deps, alice, board, { title: 'Teapot sketch' });
    const { pin: video } = await makePin(t.deps, alice, board, { title: 'Teapot pouring' });
    const cheap = (await makeProductPin(t.deps, alice, board, 'Teapot classic', { price: '19.99', availability: 'InStock', domain: 'shop.example.com' })).id;
    const dear = (await makeProductPin(t.deps, alice, board, 'Teapot deluxe', { price: '250.00', availability: 'OutOfStock', domain: 'luxe.example.net' })).id;
    // Making a real video costs a transcode (the media suite covers it); its pin differs only in kind.
    await t.deps.db.updateTable('pins').set({ kind: 'video' }).where('id', '=', video.id).execute();
    await editPin(t.deps, alice.actor, video.id, {});

    expect(await idsFound(visitor, 'teapot', { scope: 'videos' })).toEqual([video.id]);
    expect((await idsFound(visitor, 'teapot', { scope: 'buyable_pins' })).sort()).toEqual([cheap, dear].sort());
    expect(await idsFound(visitor, 'teapot', { scope: 'buyable_pins', appliedProductFilters: { price_max: 50 } })).toEqual([cheap]);
    expect(await idsFound(visitor, 'teapot', { scope: 'buyable_pins', appliedProductFilters: { in_stock: false } })).toEqual([dear]);
    expect(await idsFound(visitor, 'teapot', { scope: 'buyable_pins', appliedProductFilters: { domains: ['www.luxe.example.net'] } })).toEqual([dear]);
    expect(await idsFound(visitor, 'teapot', { scope: 'pins' })).toContain(plain.id);
  });

  it('pages through many results with bookmarks, each pin once, in a stable order', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Paging' });
    const made: string[] = [];
    for (let i = 0; i < 57; i += 1) made.push((await makePin(t.deps, alice, board, { title: `Origami crane ${i % 3 === 0 ? 'origami' : ''}` })).pin.id);
    const { ids, pages } = await allPages(visitor, { query: 'origami' });
    expect(pages).toBe(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...made].sort());
    expect((await allPages(visitor, { query: 'origami' })).ids).toEqual(ids);
  });

  it('corrects a misspelt query unless asked to search the exact words', async () => {
    const { pin } = await makePin(t.deps, alice, baking, { title: 'Cinnamon swirls' });
    const corrected = await searchAs(visitor, { query: 'cinnamom swirls' });
    expect(corrected.data.typo).toEqual({ original_query: 'cinnamom swirls', corrected_query: 'cinnamon swirls', auto_corrected: true });
    expect(corrected.data.results.map((r) => r.id)).toEqual([pin.id]);
    const exact = await searchAs(visitor, { query: 'cinnamom swirls', auto_correction_disabled: true });
    expect(exact.data.typo).toBeNull();
    expect(exact.data.results).toEqual([]);
    expect((await searchAs(visitor, { query: 'cinnamon' })).data.typo).toBeNull();
  });

  it('completes an unfinished last word that finds nothing, after correcting the words before it', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Patisserie' });
    const { pin } = await makePin(t.deps, alice, board, { title: 'Pistachio macarons' });
    const unfinished = await searchAs(visitor, { query: 'pistach' });
    expect(unfinished.data.typo).toEqual({ original_query: 'pistach', corrected_query: 'pistachio', auto_corrected: true });
    expect(unfinished.data.results.map((r) => r.id)).toEqual([pin.id]);
    const both = await searchAs(visitor, { query: 'pistacio macar' });
    expect(both.data.typo?.corrected_query).toBe('pistachio macarons');
    expect(both.data.results.map((r) => r.id)).toEqual([pin.id]);
    // A word before the last is never completed: it was typed whole.
    expect((await searchAs(visitor, { query: 'macar pistachio' })).data.typo).toBeNull();
    const exact = await searchAs(visitor, { query: 'pistach', auto_correction_disabled: true });
    expect(exact.data.typo).toBeNull();
    expect(exact.data.results).toEqual([]);
  });

  it('pages through a corrected search with the correction', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Spices' });
    for (let i = 0; i < 30; i += 1) await makePin(t.deps, alice, board, { title: `Cardamom buns ${i}` });
    const first = await searchAs(visitor, { query: 'cardamon' });
    expect(first.data.typo?.corrected_query).toBe('cardamom');
    expect(first.data.results).toHaveLength(25);
    const second = await searchAs(visitor, { query: 'cardamon', bookmark: first.bookmark });
    expect(second.data.typo?.corrected_query).toBe('cardamom');
    expect(second.data.results).toHaveLength(5);
    expect(second.bookmark).toBe('-end-');
    expect(new Set([...first.data.results, ...second.data.results].map((r) => r.id)).size).toBe(30);
  });

  it('offers guides drawn from the results', async () => {
    const board = await makeBoard(t.deps, alice, { name: 'Summer drinks' });
    for (const title of ['Mango smoothie bowl', 'Mango lassi drink', 'Mango smoothie', 'Mango salsa', 'Green smoothie'])
      await makePin(t.deps, alice, board, { title });
    const { data } = await searchAs(visitor, { query: 'mango' });
    expect(data.guides.map((g) => g.term)).toEqual(['drinks', 'summer', 'smoothie']);
    expect(data.guides[2]?.query).toBe('mango smoothie');
  });
});

describe('the search catch-up job after saves', () => {
  it("brings a saved pin's document up to date by itself, shortly after the save", async () => {
    const t = await startTestApp('sqlite');
    try {
      const alice = await makeUser(t.deps, 'alice');
      const { pin } = await makePin(t.deps, alice, await makeBoard(t.deps, alice, { name: 'Trail food' }), { title: 'Flapjack bars' });
      await savePin(t.deps, alice.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, alice, { name: 'Hiking snacks' })).id });
      const visitor = await visitorClient(t);
      await expect.poll(() => idsFound(visitor, 'hiking'), { timeout: 5000, interval: 50 }).toEqual([pin.id]);
    } finally {
      await t.close();
    }
  });
});
