import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withCountedTestApp, makeBoard, makeUser, signIn } from '../../support/factories.ts';
import { failed, ok } from './helpers.ts';

type Board = {
  id: string;
  collaborator_count: number;
  collaborated_by_me: boolean;
  access: string[];
  viewer_collaborator_status: string;
  pending_ownership_transfer: { user: { id: string } } | null;
  owner: { id: string };
};
type Entry = { user: { id: string }; status: string; access: string[] };

describe.each(databaseKinds)('collaborator resources on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  it('invite, see the invitation, accept: write access, the count and the list', async () => {
    const owner = await makeUser(t.deps, 'owner');
    const friend = await makeUser(t.deps, 'friend');
    const board = await makeBoard(t.deps, owner, { name: 'Our trip', privacy: 'secret' });
    const ownerBrowser = await signIn(t, owner);
    const friendBrowser = await signIn(t, friend);

    expect(ok<Entry>(await ownerBrowser.resource('BoardCollaboratorResource', 'create', { board_id: board.id, user_id: friend.id }))).toMatchObject({
      status: 'invited',
      access: [],
    });
    failed(await friendBrowser.getResource('BoardResource', { board_id: board.id }), 404);
    const invites = ok<{ board: { id: string; name: string }; invited_by_user: { id: string } }[]>(await friendBrowser.getResource('BoardInviteResource', {}));
    expect(invites).toEqual([
      expect.objectContaining({
        board: expect.objectContaining({ id: board.id, name: 'Our trip' }) as unknown,
        invited_by_user: expect.objectContaining({ id: owner.id }) as unknown,
      }),
    ]);
    expect(JSON.stringify(invites)).not.toContain('pin_count');

    const accepted = ok<Board>(await friendBrowser.resource('BoardInviteResource', 'update', { board_id: board.id, status: 'accepted' }));
    expect(accepted).toMatchObject({ collaborator_count: 1, collaborated_by_me: true, access: ['write'], viewer_collaborator_status: 'accepted' });
    expect(ok<Entry[]>(await ownerBrowser.getResource('BoardCollaboratorResource', { board_id: board.id }))).toEqual([
      expect.objectContaining({ status: 'accepted', access: ['write'] }),
    ]);

    ok(await friendBrowser.resource('BoardCollaboratorResource', 'delete', { board_id: board.id, user_id: friend.id }));
    failed(await friendBrowser.getResource('BoardResource', { board_id: board.id }), 404);
  });

  it('request to join, approve: write and delete; pending entries only the owner sees', async () => {
    const owner = await makeUser(t.deps);
    const fan = await makeUser(t.deps);
    const onlooker = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const ownerBrowser = await signIn(t, owner);
    const fanBrowser = await signIn(t, fan);
    expect(ok(await fanBrowser.resource('BoardInviteResource', 'create', { board_id: board.id }))).toMatchObject({ status: 'requested' });
    expect(ok<Board>(await fanBrowser.getResource('BoardResource', { board_id: board.id }))).toMatchObject({ viewer_collaborator_status: 'requested' });
    expect(ok<Entry[]>(await (await signIn(t, onlooker)).getResource('BoardCollaboratorResource', { board_id: board.id }))).toEqual([]);
    expect(ok<Entry[]>(await ownerBrowser.getResource('BoardCollaboratorResource', { board_id: board.id }))).toHaveLength(1);
    ok(await ownerBrowser.resource('BoardCollaboratorResource', 'update', { board_id: board.id, user_id: fan.id, status: 'accepted' }));
    expect(ok<Board>(await fanBrowser.getResource('BoardResource', { board_id: board.id }))).toMatchObject({
      access: ['write', 'delete'],
      collaborator_count: 1,
    });
  });

  it('ownership transfer: offer, see it pending, accept', async () => {
    const owner = await makeUser(t.deps);
    const heir = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const ownerBrowser = await signIn(t, owner);
    const heirBrowser = await signIn(t, heir);
    ok(await ownerBrowser.resource('BoardCollaboratorResource', 'create', { board_id: board.id, user_id: heir.id }));
    ok(await heirBrowser.resource('BoardInviteResource', 'update', { board_id: board.id, status: 'accepted' }));
    const offered = ok<Board>(await ownerBrowser.resource('BoardOwnershipTransferResource', 'create', { board_id: board.id, user_id: heir.id }));
    expect(offered.pending_ownership_transfer?.user.id).toBe(heir.id);
    expect(ok<Board>(await heirBrowser.getResource('BoardResource', { board_id: board.id })).pending_ownership_transfer?.user.id).toBe(heir.id);
    const moved = ok<Board>(await heirBrowser.resource('BoardOwnershipTransferResource', 'update', { board_id: board.id }));
    expect(moved).toMatchObject({ owner: { id: heir.id }, pending_ownership_transfer: null, access: ['write', 'delete'] });
    failed(await ownerBrowser.resource('BoardResource', 'delete', { board_id: board.id }), 403);
  });

  it('refusals: a stranger cannot invite; nobody accepts an invitation they do not have', async () => {
    const owner = await makeUser(t.deps);
    const stranger = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const strangerBrowser = await signIn(t, stranger);
    failed(await strangerBrowser.resource('BoardCollaboratorResource', 'create', { board_id: board.id, user_id: stranger.id }), 403);
    failed(await strangerBrowser.resource('BoardInviteResource', 'update', { board_id: board.id, status: 'accepted' }), 404);
    failed(await strangerBrowser.resource('BoardInviteResource', 'delete', { board_id: board.id }), 404);
    failed(await strangerBrowser.resource('BoardOwnershipTransferResource', 'update', { board_id: board.id }), 404);
  });
});
