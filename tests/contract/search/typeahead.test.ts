import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { searchAs, typeaheadAs } from './helpers.ts';

/*
 * The header's typeahead (AdvancedTypeaheadResource) and the recent searches behind it: queries
 * completing what was typed, topics, boards and people, and the member's own recent searches,
 * kept by the rules of business spec sections 5 and 9 and removable.
 */

describe.each(databaseKinds)('typeahead and recent searches on %s', (kind) => {
  let t: TestApp;
  let maker: TestUser;
  let member: TestUser;
  let client: TestClient;
  let visitor: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    maker = await makeUser(t.deps, 'Marguerite');
    member = await makeUser(t.deps, 'member');
    const board = await makeBoard(t.deps, maker, { name: 'Macrame wall hangings' });
    for (const title of ['Macrame plant hanger', 'Macrame knots', 'Macaron tower', 'Macaron tower', 'Mackerel supper'])
      await makePin(t.deps, maker, board, { title });
    await ensureInterest(t.deps.db, 'Macrame', 'macrame');
    await ensureInterest(t.deps.db, 'Home decor', 'home-decor');
    client = await signIn(t, member);
    visitor = await visitorClient(t);
  });
  afterAll(() => t.close());

  it('completes the last word into queries that find pins, most used words first', async () => {
    const { data } = await typeaheadAs(visitor, { term: 'mac' });
    const queries = data.items.filter((i) => i.type === 'query').map((i) => i.query);
    expect(queries.slice(0, 2)).toEqual(['macrame', 'macaron']);
    expect(queries).toContain('mackerel');
    const phrase = await typeaheadAs(visitor, { term: 'macrame pla' });
    expect(phrase.data.items.filter((i) => i.type === 'query').map((i) => i.query)).toEqual(['macrame plant']);
  });

  it('offers no hashtag of words glued together, but the words of a hashtag that marks them', async () => {
    const board = await makeBoard(t.deps, maker, { name: 'Sweets' });
    await makePin(t.deps, maker, board, { title: 'Chocolate spread #desserttable #CandyBar' });
    const dessert = await typeaheadAs(visitor, { term: 'desse' });
    expect(dessert.data.items.filter((i) => i.type === 'query').map((i) => i.query)).toEqual([]);
    const candy = await typeaheadAs(visitor, { term: 'cand' });
    expect(candy.data.items.filter((i) => i.type === 'query').map((i) => i.query)).toEqual(['candy']);
    expect((await searchAs(visitor, { query: 'desserttable' })).data.results).toHaveLength(1);
  });

  it('offers topics, boards and people whose names start with what was typed, in that order, indexed', async () => {
    const { data } = await typeaheadAs(visitor, { term: 'macr' });
    expect(data.items.map((i) => i.type)).toEqual(['query', 'interest', 'board']);
    expect(data.items.map((i) => i.resultIndex)).toEqual([0, 1, 2]);
    expect(data.items[1]).toMatchObject({ label: 'Macrame', url: expect.stringMatching(/^\/ideas\/macrame\/\d+\/$/) as unknown });
    expect(data.items[2]).toMatchObject({ label: 'Macrame wall hangings', url: `/${maker.username}/macrame-wall-hangings/` });
    expect((await typeaheadAs(visitor, { term: 'home d' })).data.items.map((i) => i.label)).toEqual(['Home decor']);
    const people = await typeaheadAs(visitor, { term: 'marguer' });
    expect(people.data.items.filter((i) => i.type === 'user').map((i) => i.id)).toEqual([maker.id]);
  });

  it('shows a member their recent searches first, compared trimmed and ignoring case, newest first', async () => {
    await searchAs(client, { query: 'Macrame knots' });
    await searchAs(client, { query: 'macaron' });
    await searchAs(client, { query: '  macrame KNOTS ' });
    const { data } = await typeaheadAs(client, { term: '' });
    expect(data.items.map((i) => [i.type, i.label])).toEqual([
      ['recent_query', 'macrame KNOTS'],
      ['recent_query', 'macaron'],
    ]);
    const typed = await typeaheadAs(client, { term: 'MACR' });
    expect(typed.data.items[0]).toMatchObject({ type: 'recent_query', label: 'macrame KNOTS' });
    expect((await typeaheadAs(visitor, { term: '' })).data.items).toEqual([]);
  });

  it('remembers a search once, from its first page, and keeps at most 20', async () => {
    const { bookmark } = await searchAs(client, { query: 'macaron' });
    expect(bookmark).toBe('-end-');
    for (let i = 0; i < 22; i += 1) await searchAs(client, { query: `query ${i}` });
    // Remembered after each answer, in order: read once the last is written.
    await t.deps.replicas.recentSearches.settled(member.id);
    const rows = await t.deps.db.selectFrom('recent_searches').select('query').where('user_id', '=', member.id).orderBy('searched_at', 'desc').execute();
    expect(rows).toHaveLength(20);
    expect(rows[0]?.query).toBe('query 21');
    expect(rows.map((r) => r.query)).not.toContain('macaron');
  });

  it("keeps searches of the member's own pins apart, shown for their tag", async () => {
    await searchAs(client, { query: 'my knots', scope: 'my_pins' });
    await searchAs(client, { query: 'knotty boards', scope: 'boards' });
    const pins = await typeaheadAs(client, { term: 'kn', recent_queries_tags: 'recent_pin_searches' });
    expect(pins.data.items.filter((i) => i.type === 'recent_query')).toEqual([]);
    const boards = await typeaheadAs(client, { term: 'kn', recent_queries_tags: 'recent_board_searches,recent_user_searches' });
    expect(boards.data.items.filter((i) => i.type === 'recent_query').map((i) => i.label)).toEqual(['knotty boards']);
    const personal = await typeaheadAs(client, { term: 'my', recent_queries_tags: ['recent_personal_searches'] });
    expect(personal.data.items.filter((i) => i.type === 'recent_query').map((i) => i.label)).toEqual(['my knots']);
  });

  it('removes one recent search by its text, or all of them; only a signed-in member has any', async () => {
    await searchAs(client, { query: 'Tassels' });
    const removed = await client.resource('AdvancedTypeaheadResource', 'delete', { term: '  TASSELS' });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<{ resource_response: { data: { removed: boolean } } }>().resource_response.data.removed).toBe(true);
    expect((await typeaheadAs(client, { term: 'tas' })).data.items.filter((i) => i.type === 'recent_query')).toEqual([]);
    const again = await client.resource('AdvancedTypeaheadResource', 'delete', { term: 'tassels' });
    expect(again.json<{ resource_response: { data: { removed: boolean } } }>().resource_response.data.removed).toBe(false);
    expect((await client.resource('AdvancedTypeaheadResource', 'delete', { clear_all: true })).statusCode).toBe(200);
    expect((await typeaheadAs(client, { term: '' })).data.items).toEqual([]);
    expect((await visitor.resource('AdvancedTypeaheadResource', 'delete', { term: 'x' })).statusCode).toBe(401);
  });
});
