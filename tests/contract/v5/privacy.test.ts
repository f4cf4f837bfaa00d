import { beforeAll, describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import type { Board, BoardSection, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { allPages, answered, imageSource, makeToken, PUBLIC_SCOPES, snapshot, v5, type Call, type Method } from './helpers.ts';

type Account = { board_count: number; pin_count: number };

/**
 * A secret board, its pins, sections and counts exist only for its owner and collaborators, and
 * for their tokens only with boards:read_secret (decision record 0009, "Tokens"): every path of
 * the public API answers 404 to anyone else, and changes nothing.
 */
describe.each(databaseKinds)('public API privacy on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  let owner: TestUser;
  let secret: Board;
  let section: BoardSection;
  let hidden: Pin;
  let open: Board;
  let tokens: { owner: string; ownerPublic: string; collaborator: string; stranger: string };

  beforeAll(async () => {
    owner = await makeUser(t.deps, 'v5private');
    const collaborator = await makeUser(t.deps, 'v5collab');
    const stranger = await makeUser(t.deps, 'v5stranger');
    secret = await makeBoard(t.deps, owner, { name: 'Surprise party', privacy: 'secret' });
    section = await makeSection(t.deps, owner, secret, 'Cakes');
    hidden = (await makePin(t.deps, owner, secret, { section })).pin;
    open = await makeBoard(t.deps, owner, { name: 'Gardening' });
    await makePin(t.deps, owner, open);
    await inviteCollaborator(t.deps, owner.actor, secret.id, collaborator.id);
    await acceptInvite(t.deps, collaborator.actor, secret.id);
    tokens = {
      owner: await makeToken(t, owner),
      ownerPublic: await makeToken(t, owner, PUBLIC_SCOPES),
      collaborator: await makeToken(t, collaborator),
      stranger: await makeToken(t, stranger),
    };
  });

  function secretCalls(): [Method, Omit<Call, 'token'>][] {
    const board = { board_id: secret.id };
    const inSection = { board_id: secret.id, section_id: section.id };
    const pin = { pin_id: hidden.id };
    return [
      ['GET', { path: '/boards/{board_id}', params: board }],
      ['PATCH', { path: '/boards/{board_id}', params: board, body: { name: 'Found it' } }],
      ['DELETE', { path: '/boards/{board_id}', params: board }],
      ['GET', { path: '/boards/{board_id}/pins', params: board }],
      ['GET', { path: '/boards/{board_id}/sections', params: board }],
      ['POST', { path: '/boards/{board_id}/sections', params: board, body: { name: 'Mine' } }],
      ['PATCH', { path: '/boards/{board_id}/sections/{section_id}', params: inSection, body: { name: 'Mine' } }],
      ['DELETE', { path: '/boards/{board_id}/sections/{section_id}', params: inSection }],
      ['GET', { path: '/boards/{board_id}/sections/{section_id}/pins', params: inSection }],
      ['GET', { path: '/pins/{pin_id}', params: pin }],
      ['PATCH', { path: '/pins/{pin_id}', params: pin, body: { title: 'Spoiled' } }],
      ['DELETE', { path: '/pins/{pin_id}', params: pin }],
      ['POST', { path: '/pins/{pin_id}/save', params: pin, body: {} }],
    ];
  }

  it.each(['stranger', 'ownerPublic'] as const)(
    'every path to the secret board, its sections and pins answers 404 to the %s token, changing nothing',
    async (who) => {
      const before = await snapshot(t);
      for (const [method, call] of secretCalls()) {
        const response = await v5(t, method, { ...call, token: tokens[who] });
        expect(response.statusCode, `${method} ${call.path}: ${response.body}`).toBe(404);
      }
      const pinOnSecret = await v5(t, 'POST', { path: '/pins', token: tokens[who], body: { board_id: secret.id, media_source: await imageSource() } });
      expect(pinOnSecret.statusCode).toBe(404);
      expect(await snapshot(t)).toBe(before);
    },
  );

  it('lists leave the secret board and its pins out for those tokens; counts leave out its part', async () => {
    const boards = await allPages<{ id: string }>(t, { path: '/boards', token: tokens.ownerPublic, pageSize: 25 });
    expect(boards.items.map((b) => b.id)).toEqual([open.id]);
    const secretOnly = await allPages<{ id: string }>(t, { path: '/boards', token: tokens.ownerPublic, pageSize: 25, query: { privacy: 'SECRET' } });
    expect(secretOnly.items).toEqual([]);
    const pins = await allPages<{ id: string }>(t, { path: '/pins', token: tokens.ownerPublic, pageSize: 25 });
    expect(pins.items.map((p) => p.id)).not.toContain(hidden.id);
    expect(pins.items).toHaveLength(1);

    const narrow = answered<Account>(await v5(t, 'GET', { path: '/user_account', token: tokens.ownerPublic }), 200);
    const whole = answered<Account>(await v5(t, 'GET', { path: '/user_account', token: tokens.owner }), 200);
    expect(narrow).toMatchObject({ board_count: 1, pin_count: 1 });
    expect(whole).toMatchObject({ board_count: 2, pin_count: 2 });
  });

  it('the owner and an accepted collaborator, with boards:read_secret, see all of it', async () => {
    for (const token of [tokens.owner, tokens.collaborator]) {
      expect(answered<{ privacy: string }>(await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: secret.id }, token }), 200).privacy).toBe(
        'SECRET',
      );
      const pins = answered<{ items: { id: string; board_section_id: string }[] }>(
        await v5(t, 'GET', { path: '/boards/{board_id}/pins', params: { board_id: secret.id }, token }),
        200,
      );
      expect(pins.items).toMatchObject([{ id: hidden.id, board_section_id: section.id }]);
      const sections = answered<{ items: { id: string }[] }>(
        await v5(t, 'GET', { path: '/boards/{board_id}/sections', params: { board_id: secret.id }, token }),
        200,
      );
      expect(sections.items.map((s) => s.id)).toEqual([section.id]);
      expect((await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: hidden.id }, token })).statusCode).toBe(200);
    }
    const groupBoards = await allPages<{ id: string }>(t, { path: '/boards', token: tokens.collaborator, pageSize: 25 });
    expect(groupBoards.items.map((b) => b.id)).toEqual([secret.id]);
  });

  it('a block hides even public boards and pins both ways', async () => {
    const blocker = await makeUser(t.deps, 'v5blocker');
    const blocked = await makeUser(t.deps, 'v5blocked');
    const board = await makeBoard(t.deps, blocker);
    const { pin } = await makePin(t.deps, blocker, board);
    await blockUser(t.deps, blocker.actor, blocked.id);
    const token = await makeToken(t, blocked);
    expect((await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: board.id }, token })).statusCode).toBe(404);
    expect((await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: pin.id }, token })).statusCode).toBe(404);
    expect((await v5(t, 'POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, token, body: {} })).statusCode).toBe(404);
  });
});
