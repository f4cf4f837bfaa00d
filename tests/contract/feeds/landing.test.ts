import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interest } from '../../../src/server/db/schema/boards-and-pins.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { LANDING_PINS } from '../../../src/server/feeds/landing.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { catchUpSearch } from '../../support/settle.ts';
import { markUnsafe, read } from '../discovery/helpers.ts';

type Pin = { id: string; title: string };

/*
 * The signed-out home's pins (LandingPinsResource): listed pins of the instance, the most saved
 * and freshest first, dealt out by topic; never a secret board's, an unsafe, a deleted one, and
 * for a member calling it, nothing they hid or of people blocked either way.
 */
describe.each(databaseKinds)('the landing pins on %s', (kind) => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  let visitor: TestClient;
  let bobClient: TestClient;
  const topicOf = new Map<string, string>();
  const pins: Record<string, string> = {};
  let topics: Interest[] = [];

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const deps = t.deps;
    alice = await makeUser(deps, 'alice');
    bob = await makeUser(deps, 'bob');
    const carol = await makeUser(deps, 'carol');
    topics = [
      await ensureInterest(deps.db, 'Mountains', 'mountains'),
      await ensureInterest(deps.db, 'Ocean', 'ocean'),
      await ensureInterest(deps.db, 'Baking', 'baking'),
    ];
    // Mountains has the most pins and the most saved: a ranking alone would fill the screen with it.
    const boards = { Mountains: 'Mountain escapes', Ocean: 'Ocean days', Baking: 'Baking bread' } as const;
    const counts = { Mountains: 24, Ocean: 8, Baking: 8 } as const;
    for (const name of ['Mountains', 'Ocean', 'Baking'] as const) {
      const board = await makeBoard(deps, alice, { name: boards[name] });
      for (let i = 0; i < counts[name]; i++) topicOf.set((await makePin(deps, alice, board, { title: `${name} view ${i}` })).pin.id, name);
    }
    pins['popular'] = [...topicOf].find(([, topic]) => topic === 'Mountains')?.[0] ?? '';
    for (const fan of [bob, carol])
      await savePin(deps, fan.actor, { pinId: pins['popular'], boardId: (await makeBoard(deps, fan, { name: 'Favourites' })).id });

    const secret = await makeBoard(deps, alice, { name: 'Secret mountains', privacy: 'secret' });
    pins['secret'] = (await makePin(deps, alice, secret, { title: 'Mountains hideout' })).pin.id;
    // The most saved pin of all, on a secret board: still never on the landing.
    await deps.db.updateTable('pins').set({ save_count: 1000 }).where('id', '=', pins['secret']).execute();
    const escapes = await makeBoard(deps, alice, { name: 'More mountains' });
    pins['unsafe'] = (await makePin(deps, alice, escapes, { title: 'Mountains unsafe' })).pin.id;
    await markUnsafe(deps, pins['unsafe']);
    pins['deleted'] = (await makePin(deps, alice, escapes, { title: 'Mountains gone' })).pin.id;
    await deletePin(deps, alice.actor, pins['deleted']);
    pins['blocked'] = (await makePin(deps, carol, await makeBoard(deps, carol, { name: 'Cabins' }), { title: 'Mountains cabin' })).pin.id;
    await blockUser(deps, bob.actor, carol.id);
    pins['hidden'] = (await makePin(deps, alice, escapes, { title: 'Mountains hut' })).pin.id;
    await setPinHidden(deps, bob.actor, pins['hidden'], true);
    for (const mountain of ['blocked', 'hidden']) topicOf.set(pins[mountain] ?? '', 'Mountains');
    await catchUpSearch(deps);
    visitor = await visitorClient(t);
    bobClient = await signIn(t, bob);
  });
  afterAll(() => t.close());

  it('shows a visitor the listed pins, at least 25 when there are, the most saved first', async () => {
    const { data, bookmark } = await read<Pin[]>(visitor, 'LandingPinsResource');
    const ids = data.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    expect(ids.length).toBeLessThanOrEqual(LANDING_PINS);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toBe(pins['popular']);
    for (const gone of ['secret', 'unsafe', 'deleted']) expect(ids).not.toContain(pins[gone]);
    // The pins of the public boards, whoever made them (carol's cabin), and the one a member hid.
    expect(ids).toEqual(expect.arrayContaining([pins['blocked'], pins['hidden']]));
    expect(bookmark).toBeNull();
  });

  it('mixes the topics: the first screen is not all of the biggest one', async () => {
    const { data } = await read<Pin[]>(visitor, 'LandingPinsResource');
    const firstNine = data.slice(0, 9).map((p) => topicOf.get(p.id) ?? 'other');
    expect(new Set(firstNine)).toEqual(new Set(['Mountains', 'Ocean', 'Baking']));
    expect(firstNine.filter((topic) => topic === 'Mountains').length).toBeLessThanOrEqual(4);
    expect(topics).toHaveLength(3);
  });

  it('leaves out for a member what they hid and pins of people blocked either way', async () => {
    const { data } = await read<Pin[]>(bobClient, 'LandingPinsResource');
    const ids = data.map((p) => p.id);
    expect(ids.length).toBeGreaterThanOrEqual(25);
    for (const gone of ['secret', 'unsafe', 'deleted', 'blocked', 'hidden']) expect(ids).not.toContain(pins[gone]);
  });

  it('drops the pins of a board as soon as it turns secret, for a visitor answered from memory too', async () => {
    const before = await read<Pin[]>(visitor, 'LandingPinsResource');
    expect(before.data.some((p) => topicOf.get(p.id) === 'Ocean')).toBe(true);
    // Answered from memory: the same bytes again while nothing changed.
    expect((await visitor.getResource('LandingPinsResource', {})).body).toBe((await visitor.getResource('LandingPinsResource', {})).body);
    const board = await t.deps.db.selectFrom('boards').select('id').where('name', '=', 'Ocean days').executeTakeFirstOrThrow();
    const owner = await signIn(t, alice);
    const made = await owner.resource('BoardResource', 'update', { board_id: board.id, privacy: 'secret' });
    expect(made.statusCode, made.body.slice(0, 300)).toBe(200);
    await catchUpSearch(t.deps);
    for (const reader of [visitor, bobClient]) {
      const after = await read<Pin[]>(reader, 'LandingPinsResource');
      expect(after.data.filter((p) => topicOf.get(p.id) === 'Ocean')).toEqual([]);
      expect(after.data.length).toBeGreaterThanOrEqual(25);
    }
  });
});
