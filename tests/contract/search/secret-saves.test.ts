import { beforeAll, describe, expect, it } from 'vitest';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { deleteBoard, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deleteSection } from '../../../src/server/boards/sections.service.ts';
import { moveSave, savePin } from '../../../src/server/pins/saves.service.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makePin, makeSection, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { catchUpSearch } from '../../support/settle.ts';
import { makeToken, v5 } from '../v5/helpers.ts';

/*
 * A save on a secret board is as secret as the board. The keeper saves a pin to their secret
 * board; the pin itself is public, through a sharer's public board. Every path that lists or
 * counts saves is asked by a visitor, another member and the keeper: only the keeper may learn
 * that they keep the pin. (The web search page sends no `user` option: its page data is the
 * BaseSearchResource path without it, the pins search anyone may run.)
 */

const WORD = 'quorvantile';
const DETAIL = persistedQueryHashes()['CloseupDetailQuery'] ?? '';

type World = { keeper: TestUser; pinId: string; secretBoardId: string };
type Readers = { visitor: TestClient; stranger: TestClient; keeper: TestClient; strangerToken: string; keeperToken: string };
type Reader = 'visitor' | 'stranger' | 'keeper';

/** A path, and whether what it answers `reader` reveals the keeper's secret save. */
type Path = { name: string; reveals: (t: TestApp, world: World, readers: Readers, reader: Reader) => Promise<boolean> };

const resultIds = (body: string): string[] =>
  (JSON.parse(body) as { resource_response: { data: { results?: { id: string }[] } } }).resource_response.data.results?.map((r) => r.id) ?? [];

function clientOf(readers: Readers, reader: Reader): TestClient {
  return readers[reader];
}

async function pinJson(client: TestClient, pinId: string): Promise<{ repin_count: number; pinned_to_board: { id: string } | null }> {
  const response = await client.getResource('PinResource', { id: pinId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ resource_response: { data: { repin_count: number; pinned_to_board: { id: string } | null } } }>().resource_response.data;
}

/** One public save (the sharer's) is all anyone may count. */
const PUBLIC_SAVES = 1;

const PATHS: Path[] = [
  {
    name: 'BaseSearchResource, pins of a user',
    async reveals(_t, w, r, reader) {
      const response = await clientOf(r, reader).getResource('BaseSearchResource', { query: WORD, scope: 'pins', user: w.keeper.username });
      expect(response.statusCode, response.body).toBe(200);
      return resultIds(response.body).includes(w.pinId);
    },
  },
  {
    name: 'BaseSearchResource, videos and story pins of a user',
    async reveals(_t, w, r, reader) {
      let found = false;
      for (const scope of ['videos', 'idea_pins', 'buyable_pins']) {
        const response = await clientOf(r, reader).getResource('BaseSearchResource', { query: WORD, scope, user: w.keeper.username });
        expect(response.statusCode, response.body).toBe(200);
        found ||= resultIds(response.body).includes(w.pinId);
      }
      // None of these scopes holds an image pin: the path is asked so a leak through it would show.
      return found;
    },
  },
  {
    name: 'GET /v5/search/pins (the token user’s own saves)',
    async reveals(t, w, r, reader) {
      if (reader === 'visitor') return false;
      const token = reader === 'keeper' ? r.keeperToken : r.strangerToken;
      const byWord = await v5(t, 'GET', { path: '/search/pins', token, query: { query: WORD } });
      const byId = await v5(t, 'GET', { path: '/search/pins', token, query: { query: w.pinId } });
      expect([byWord.statusCode, byId.statusCode]).toEqual([200, 200]);
      return byWord.body.includes(w.pinId) || byId.body.includes(w.pinId);
    },
  },
  {
    name: 'PinResource repin_count',
    async reveals(_t, w, r, reader) {
      return (await pinJson(clientOf(r, reader), w.pinId)).repin_count !== PUBLIC_SAVES;
    },
  },
  {
    name: 'GraphQL CloseupDetailQuery repinCount',
    async reveals(_t, w, r, reader) {
      const response = await clientOf(r, reader).request({ method: 'POST', url: '/_/graphql/', payload: { queryHash: DETAIL, variables: { pinId: w.pinId } } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { closeupDetail: { repinCount: number } } }>().data.closeupDetail.repinCount !== PUBLIC_SAVES;
    },
  },
  {
    name: 'PinResource pinned_to_board (the reader’s own save)',
    async reveals(_t, w, r, reader) {
      return (await pinJson(clientOf(r, reader), w.pinId)).pinned_to_board?.id === w.secretBoardId;
    },
  },
  {
    name: 'BoardFeedResource of the secret board',
    async reveals(_t, w, r, reader) {
      const response = await clientOf(r, reader).getResource('BoardFeedResource', { board_id: w.secretBoardId });
      return response.statusCode === 200 && response.body.includes(w.pinId);
    },
  },
  {
    name: 'UserResource pin_count of the keeper',
    async reveals(_t, w, r, reader) {
      const response = await clientOf(r, reader).getResource('UserResource', { username: w.keeper.username });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ resource_response: { data: { pin_count: number } } }>().resource_response.data.pin_count > 0;
    },
  },
  {
    name: 'UserHomefeedResource of a follower (saved by a followed person)',
    async reveals(_t, w, r, reader) {
      if (reader === 'visitor') return false;
      const response = await clientOf(r, reader).getResource('UserHomefeedResource', {});
      expect(response.statusCode, response.body).toBe(200);
      // The keeper's own feed leaves out what they saved; only a follower's could name them as its saver.
      return reader !== 'keeper' && response.body.includes(w.keeper.username) && response.body.includes(w.pinId);
    },
  },
];

/** What each reader should learn through each path: only the keeper learns, and only where a path shows their own saves. */
const KEEPER_LEARNS = new Set([
  'BaseSearchResource, pins of a user',
  'GET /v5/search/pins (the token user’s own saves)',
  'PinResource pinned_to_board (the reader’s own save)',
  'BoardFeedResource of the secret board',
  'UserResource pin_count of the keeper',
]);

describe.each(databaseKinds)('a save on a secret board stays secret on every path, on %s', (kind) => {
  let t: TestApp;
  let world: World;
  let readers: Readers;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  beforeAll(async () => {
    const sharer = await makeUser(t.deps, 'sharer');
    const keeper = await makeUser(t.deps, 'keeper');
    const strangerUser = await makeUser(t.deps, 'stranger');
    const shared = await makePin(t.deps, sharer, await makeBoard(t.deps, sharer, { name: 'Shelf' }), { title: `${WORD} lamp` });
    const secret = await makeBoard(t.deps, keeper, { name: 'Wishes', privacy: 'secret' });
    await savePin(t.deps, keeper.actor, { pinId: shared.pin.id, boardId: secret.id });
    await followUser(t.deps, strangerUser.actor, keeper.id);
    await catchUpSearch(t.deps);
    world = { keeper, pinId: shared.pin.id, secretBoardId: secret.id };
    readers = {
      visitor: await visitorClient(t),
      stranger: await signIn(t, strangerUser),
      keeper: await signIn(t, keeper),
      strangerToken: await makeToken(t, strangerUser),
      keeperToken: await makeToken(t, keeper),
    };
  });

  const cases = PATHS.flatMap((path) => (['visitor', 'stranger', 'keeper'] as const).map((reader) => ({ path, reader })));
  it.each(cases)('$path.name, read by the $reader', async ({ path, reader }) => {
    const expected = reader === 'keeper' && KEEPER_LEARNS.has(path.name);
    expect(await path.reveals(t, world, readers, reader)).toBe(expected);
  });

  it('a search of a member’s pins does not find what they keep on a secret board (regression)', async () => {
    for (const client of [readers.visitor, readers.stranger]) {
      const response = await client.getResource('BaseSearchResource', { query: WORD, scope: 'pins', user: world.keeper.username });
      expect(resultIds(response.body)).toEqual([]);
    }
    const own = await readers.keeper.getResource('BaseSearchResource', { query: WORD, scope: 'pins', user: world.keeper.username });
    expect(resultIds(own.body)).toEqual([world.pinId]);
  });

  it('the repin count does not count a save on a secret board (regression)', async () => {
    for (const client of [readers.visitor, readers.stranger, readers.keeper]) expect((await pinJson(client, world.pinId)).repin_count).toBe(PUBLIC_SAVES);
  });

  it('the count follows saves, moves, privacy changes and deletions, exact at every step', async () => {
    const member = await makeUser(t.deps, 'mover');
    const open = await makeBoard(t.deps, member, { name: 'Open' });
    const hidden = await makeBoard(t.deps, member, { name: 'Hidden', privacy: 'secret' });
    const { pin, save } = await makePin(t.deps, member, hidden);
    const client = await signIn(t, member);
    const count = async () => (await pinJson(client, pin.id)).repin_count;
    const steps: [string, () => Promise<unknown>, number][] = [
      ['a pin made on a secret board', () => Promise.resolve(), 0],
      ['its board made public', () => updateBoard(t.deps, member.actor, hidden.id, { privacy: 'public' }), 1],
      ['saved to another public board', () => savePin(t.deps, member.actor, { pinId: pin.id, boardId: open.id }), 2],
      ['the first board made secret again', () => updateBoard(t.deps, member.actor, hidden.id, { privacy: 'secret' }), 1],
      [
        'the secret save moved to a new public board',
        async () => moveSave(t.deps, member.actor, save.id, { boardId: (await makeBoard(t.deps, member)).id }),
        2,
      ],
    ];
    for (const [name, step, expected] of steps) {
      await step();
      expect(await count(), name).toBe(expected);
      expect(await counterDrift(t.deps), name).toEqual([]);
    }
    const sectioned = await makeBoard(t.deps, member, { name: 'Sectioned' });
    const section = await makeSection(t.deps, member, sectioned);
    await savePin(t.deps, member.actor, { pinId: pin.id, boardId: sectioned.id, sectionId: section.id });
    expect(await count()).toBe(3);
    await deleteSection(t.deps, member.actor, section.id);
    expect(await count()).toBe(2);
    await deleteBoard(t.deps, member.actor, open.id);
    expect(await count()).toBe(1);
    expect(await counterDrift(t.deps)).toEqual([]);
  });
});
