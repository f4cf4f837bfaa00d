import { describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { didIt, didItRows, photoOf, somePin, type DidIt } from './helpers.ts';

type Actor = 'author' | 'pin owner' | 'other member' | 'blocked member' | 'visitor';
type Privacy = 'public' | 'secret';
type Action = 'read' | 'list on pin' | 'list on profile' | 'like' | 'helpful' | 'edit' | 'delete' | 'write on pin';

/**
 * Who may do what with a tried-it: every actor against every action on a tried-it of a public and
 * of a secret pin. `seen` means the answer shows it; a number is the status expected. The author's
 * tried-it of a pin whose board went secret (they are no collaborator) is as hidden from them as
 * the pin. The blocked member is blocked by the author.
 */
const EXPECTED: Record<Privacy, Record<Actor, Record<Action, number | 'seen' | 'unseen'>>> = {
  public: {
    author: { read: 200, 'list on pin': 'seen', 'list on profile': 'seen', like: 200, helpful: 403, edit: 200, delete: 200, 'write on pin': 409 },
    'pin owner': { read: 200, 'list on pin': 'seen', 'list on profile': 'seen', like: 200, helpful: 200, edit: 403, delete: 403, 'write on pin': 200 },
    'other member': { read: 200, 'list on pin': 'seen', 'list on profile': 'seen', like: 200, helpful: 200, edit: 403, delete: 403, 'write on pin': 200 },
    'blocked member': { read: 404, 'list on pin': 'unseen', 'list on profile': 404, like: 404, helpful: 404, edit: 404, delete: 404, 'write on pin': 200 },
    visitor: { read: 200, 'list on pin': 'seen', 'list on profile': 'seen', like: 401, helpful: 401, edit: 401, delete: 401, 'write on pin': 401 },
  },
  secret: {
    author: { read: 404, 'list on pin': 404, 'list on profile': 'unseen', like: 404, helpful: 404, edit: 404, delete: 404, 'write on pin': 404 },
    'pin owner': { read: 200, 'list on pin': 'seen', 'list on profile': 'seen', like: 200, helpful: 200, edit: 403, delete: 403, 'write on pin': 200 },
    'other member': { read: 404, 'list on pin': 404, 'list on profile': 'unseen', like: 404, helpful: 404, edit: 404, delete: 404, 'write on pin': 404 },
    'blocked member': { read: 404, 'list on pin': 404, 'list on profile': 404, like: 404, helpful: 404, edit: 404, delete: 404, 'write on pin': 404 },
    visitor: { read: 404, 'list on pin': 404, 'list on profile': 'unseen', like: 401, helpful: 401, edit: 401, delete: 401, 'write on pin': 401 },
  },
};

const ACTORS: Actor[] = ['pin owner', 'other member', 'blocked member', 'visitor', 'author'];
const ACTIONS: Action[] = ['read', 'list on pin', 'list on profile', 'like', 'helpful', 'edit', 'write on pin', 'delete'];

describe.each(databaseKinds)('tried-it authorization matrix on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  async function world(privacy: Privacy) {
    const { creator, board, pin } = await somePin(t, `mx${privacy}owner`);
    const author = await makeUser(t.deps, `mx${privacy}author`);
    const made = ok<DidIt>(await didIt.create(await signIn(t, author), { pin_id: pin.id, media_id: await photoOf(t, author), details: 'Secret sauce' }));
    const other = await makeUser(t.deps, `mx${privacy}other`);
    const blocked = await makeUser(t.deps, `mx${privacy}blocked`);
    await blockUser(t.deps, author.actor, blocked.id);
    if (privacy === 'secret') await updateBoard(t.deps, creator.actor, board.id, { privacy: 'secret' });
    const users: Record<Exclude<Actor, 'visitor'>, TestUser> = { author, 'pin owner': creator, 'other member': other, 'blocked member': blocked };
    return { pin, made, author, users };
  }

  async function clientOf(actor: Actor, users: Record<Exclude<Actor, 'visitor'>, TestUser>): Promise<TestClient> {
    if (actor === 'visitor') {
      const visitor = await visitorClient(t);
      await visitor.ensureCsrf();
      return visitor;
    }
    return signIn(t, users[actor]);
  }

  it.each(['public', 'secret'] as const)('every actor × action on a tried-it of a %s pin, with 0 leaks', async (privacy) => {
    const { pin, made, author, users } = await world(privacy);
    // What a hidden tried-it answers must be what a tried-it that never existed answers.
    const missing = (await didIt.get(await visitorClient(t), { id: '99999999999' })).body;
    const leaks: string[] = [];
    const wrong: string[] = [];
    for (const actor of ACTORS) {
      const client = await clientOf(actor, users);
      for (const action of ACTIONS) {
        const expected = EXPECTED[privacy][actor][action];
        const before = await didItRows(t.deps);
        const response = await (async () => {
          switch (action) {
            case 'read':
              return didIt.get(client, { id: made.id });
            case 'list on pin':
              return didIt.ofPin(client, { pin_id: pin.id });
            case 'list on profile':
              return didIt.ofUser(client, { username: author.username });
            case 'like':
              return didIt.like(client, { id: made.id, reaction_type: 1 });
            case 'helpful':
              return didIt.helpful(client, { id: made.id });
            case 'edit':
              return didIt.update(client, { id: made.id, details: `Changed by ${actor}` });
            case 'delete':
              return didIt.remove(client, { id: made.id });
            case 'write on pin':
              return didIt.create(client, { pin_id: pin.id, details: `Tried by ${actor}` });
          }
        })();
        const where = `${privacy} · ${actor} · ${action}`;
        const listed = response.statusCode === 200 && response.body.includes(made.id);
        const status = typeof expected === 'number' ? expected : 200;
        if (response.statusCode !== status) wrong.push(`${where}: ${response.statusCode}, expected ${status}`);
        if (expected === 'seen' && !listed) wrong.push(`${where}: not listed`);
        if (expected === 'unseen' && listed) leaks.push(`${where}: listed`);
        if (typeof expected === 'number' && expected >= 400) {
          if (response.body.includes('Secret sauce') || response.body.includes(made.id)) leaks.push(`${where}: answer names the tried-it`);
          if (expected === 404 && response.body !== missing) leaks.push(`${where}: 404 differs from a missing tried-it's`);
          if ((await didItRows(t.deps)) !== before) wrong.push(`${where}: refused but changed rows`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(wrong).toEqual([]);
  });
});
