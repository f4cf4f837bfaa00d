import { catchUpSearch } from '../../support/settle.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { deletePin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { indexPin } from '../../../src/server/search/search-index.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { indexDrift } from './helpers.ts';

/*
 * The privacy test of issue 5: pins nobody else may see, each with a word of its own, planted
 * beside ordinary pins that share a common word with them. No search path (results in every
 * scope, page after page, guides, spelling corrections, typeahead) may reveal a planted word to
 * someone who may not see its pin; the response bodies are searched for the word itself.
 */

const SHARED = 'lanternfest';
const PLANTED = {
  secret: 'zorblaxite',
  secretBoard: 'quimbleton',
  blocked: 'vexmorrow',
  blocker: 'drelkavine',
  hidden: 'sploinkery',
  deleted: 'wuzzlecorn',
  unsafe: 'frobnitzel',
} as const;

/** One letter off each planted word: what a correction or a completion would lead to. */
const misspelt = (word: string) => `${word.slice(0, -1)}${word.endsWith('x') ? 'y' : 'x'}`;

describe.each(databaseKinds)('no search path reveals what the viewer may not see, on %s', (kind) => {
  let t: TestApp;
  let owner: TestUser;
  let viewer: TestUser;
  let viewerClient: TestClient;
  let visitor: TestClient;
  let ownerClient: TestClient;
  const planted: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    owner = await makeUser(t.deps, 'owner');
    viewer = await makeUser(t.deps, 'viewer');
    const blocked = await makeUser(t.deps, PLANTED.blocked);
    const blocker = await makeUser(t.deps, PLANTED.blocker);
    const open = await makeBoard(t.deps, owner, { name: 'Open board' });
    const secret = await makeBoard(t.deps, owner, { name: `Plans ${PLANTED.secretBoard}`, privacy: 'secret' });
    // Ordinary pins with the shared word, so the planted ones would be among its results and guides.
    for (let i = 0; i < 3; i += 1) await makePin(t.deps, owner, open, { title: `${SHARED} evening ${i}` });

    for (let i = 0; i < 2; i += 1) planted[`secret${i}`] = (await makePin(t.deps, owner, secret, { title: `${SHARED} ${PLANTED.secret}` })).pin.id;
    // A pin public through another board must not be findable by the secret board's name.
    const both = await makePin(t.deps, owner, secret, { title: `${SHARED} lantern frame` });
    await savePin(t.deps, owner.actor, { pinId: both.pin.id, boardId: open.id });
    planted['onBoth'] = both.pin.id;

    const blockedBoard = await makeBoard(t.deps, blocked, { name: `${PLANTED.blocked} board` });
    for (let i = 0; i < 2; i += 1) planted[`blocked${i}`] = (await makePin(t.deps, blocked, blockedBoard, { title: `${SHARED} ${PLANTED.blocked}` })).pin.id;
    await blockUser(t.deps, viewer.actor, blocked.id);
    const blockerBoard = await makeBoard(t.deps, blocker, { name: `${PLANTED.blocker} board` });
    for (let i = 0; i < 2; i += 1) planted[`blocker${i}`] = (await makePin(t.deps, blocker, blockerBoard, { title: `${SHARED} ${PLANTED.blocker}` })).pin.id;
    await blockUser(t.deps, blocker.actor, viewer.id);

    for (let i = 0; i < 2; i += 1) {
      const hidden = await makePin(t.deps, owner, open, { title: `${SHARED} ${PLANTED.hidden}` });
      await setPinHidden(t.deps, viewer.actor, hidden.pin.id, true);
      planted[`hidden${i}`] = hidden.pin.id;
      const deleted = await makePin(t.deps, owner, open, { title: `${SHARED} ${PLANTED.deleted}` });
      await deletePin(t.deps, owner.actor, deleted.pin.id);
      planted[`deleted${i}`] = deleted.pin.id;
      const unsafe = await makePin(t.deps, owner, open, { title: `${SHARED} ${PLANTED.unsafe}` });
      // Moderation marks a pin unsafe (no service does yet); it reindexes the pin as any change does.
      await t.deps.db.updateTable('pins').set({ is_unsafe: 1 }).where('id', '=', unsafe.pin.id).execute();
      await indexPin(t.deps.db, unsafe.pin.id);
      planted[`unsafe${i}`] = unsafe.pin.id;
    }
    // The job brings saved pins' documents up to date, as the worker would.
    await catchUpSearch(t.deps);
    viewerClient = await signIn(t, viewer);
    ownerClient = await signIn(t, owner);
    visitor = await visitorClient(t);
  });
  afterAll(async () => {
    expect(await indexDrift(t.deps)).toEqual([]);
    await t.close();
  });

  /** Every search path's answers for `query`, as response bodies. */
  async function everyAnswer(client: TestClient, query: string): Promise<string[]> {
    const bodies: string[] = [];
    for (const scope of ['pins', 'buyable_pins', 'videos', 'boards', 'users', 'idea_pins', 'my_pins']) {
      let bookmark: string | undefined;
      for (let page = 0; page < 5; page += 1) {
        const response = await client.getResource('BaseSearchResource', { query, scope, ...(bookmark ? { bookmark } : {}) });
        if (response.statusCode === 401) break;
        expect(response.statusCode, response.body).toBe(200);
        bodies.push(response.body);
        bookmark = response.json<{ resource_response: { bookmark: string } }>().resource_response.bookmark;
        if (bookmark === '-end-') break;
      }
    }
    for (const term of [query, query.slice(0, 3), query.slice(0, 5)]) {
      const response = await client.getResource('AdvancedTypeaheadResource', { term });
      expect(response.statusCode, response.body).toBe(200);
      // The member's own recent searches hold what they typed themselves, planted words included.
      const { items } = response.json<{ resource_response: { data: { items: { type: string }[] } } }>().resource_response.data;
      bodies.push(JSON.stringify(items.filter((item) => item.type !== 'recent_query')));
    }
    return bodies;
  }

  async function expectNothingRevealed(client: TestClient, words: readonly string[], hiddenIds: readonly string[], shared = true): Promise<void> {
    for (const word of words) {
      for (const query of [word, misspelt(word), `${SHARED} ${word}`, `${SHARED} ${misspelt(word)}`, ...(shared ? [SHARED] : [])]) {
        for (const body of await everyAnswer(client, query)) {
          const shown = body.replaceAll(`"query":"${query}"`, '').replaceAll(encodeURIComponent(query).replaceAll('%20', '+'), '');
          expect(shown, `${word} through "${query}"`).not.toContain(word);
          for (const id of hiddenIds) expect(shown, `pin ${id} through "${query}"`).not.toContain(id);
        }
      }
    }
  }

  it('shows a signed-in member none of the secret, blocked, blocking, hidden, deleted or unsafe pins, nor their words', async () => {
    const hiddenIds = Object.entries(planted)
      .filter(([key]) => key !== 'onBoth')
      .map(([, id]) => id);
    await expectNothingRevealed(viewerClient, Object.values(PLANTED), hiddenIds);
  });

  it('shows a visitor none of the secret, deleted or unsafe pins, nor their words', async () => {
    const hiddenIds = Object.entries(planted)
      .filter(([key]) => /^(secret|deleted|unsafe)/.test(key))
      .map(([, id]) => id);
    await expectNothingRevealed(visitor, [PLANTED.secret, PLANTED.secretBoard, PLANTED.deleted, PLANTED.unsafe], hiddenIds);
  });

  it('does not find a public pin by the name of a secret board that also holds it', async () => {
    const { data } = (await visitor.getResource('BaseSearchResource', { query: `${SHARED} lantern` })).json<{
      resource_response: { data: { results: { id: string }[] } };
    }>().resource_response;
    expect(data.results.map((r) => r.id)).toContain(planted['onBoth']);
    await expectNothingRevealed(visitor, [PLANTED.secretBoard], [planted['onBoth'] ?? ''], false);
  });

  it('still shows the owner their secret pins and board, so the checks above can fail', async () => {
    const pins = (await ownerClient.getResource('BaseSearchResource', { query: PLANTED.secret })).json<{
      resource_response: { data: { results: { id: string }[] } };
    }>();
    expect(pins.resource_response.data.results.map((r) => r.id).sort()).toEqual([planted['secret0'], planted['secret1']].sort());
    const byBoard = (await ownerClient.getResource('BaseSearchResource', { query: PLANTED.secretBoard, scope: 'boards' })).body;
    expect(byBoard).toContain(PLANTED.secretBoard);
    const others = (await signIn(t, await makeUser(t.deps, 'other'))).getResource('BaseSearchResource', { query: `${SHARED} ${PLANTED.hidden}` });
    expect((await others).body).toContain(PLANTED.hidden);
    const guides = (await ownerClient.getResource('BaseSearchResource', { query: SHARED })).body;
    expect(guides).toContain(PLANTED.hidden);
  });
});
