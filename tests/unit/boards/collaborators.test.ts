import { describe, expect, it } from 'vitest';
import { accessOfRole, findCollaborator, roleOf } from '../../../src/server/access/board.policy.ts';
import {
  acceptInvite,
  approveRequest,
  declineInvite,
  inviteCollaborator,
  removeCollaborator,
  requestToJoin,
} from '../../../src/server/boards/collaborators.service.ts';
import { acceptOwnershipTransfer, cancelOwnershipTransfer, requestOwnershipTransfer } from '../../../src/server/boards/ownership.service.ts';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeUser, profileCounts, type TestUser } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

async function accessOf(board: Board, user: TestUser) {
  const fresh = await boardRow(t.deps, board.id);
  return accessOfRole(roleOf(fresh, user.id, await findCollaborator(t.deps.db, board.id, user.id)));
}

async function statusOf(board: Board, user: TestUser) {
  return (await findCollaborator(t.deps.db, board.id, user.id))?.status ?? 'not_invited';
}

describe('collaborator invite: accepted when the viewer accepts, not_invited on decline', () => {
  it('an accepted invite gives write access and raises collaborator_count by one', async () => {
    const owner = await makeUser(t.deps);
    const friend = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await inviteCollaborator(t.deps, owner.actor, board.id, friend.id);
    expect(await statusOf(board, friend)).toBe('invited');
    expect((await accessOf(board, friend)).write).toBe(false);
    await acceptInvite(t.deps, friend.actor, board.id);
    expect(await statusOf(board, friend)).toBe('accepted');
    expect(await accessOf(board, friend)).toEqual({ write: true, delete: false, admin: false });
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(1);
  });

  it('declining drops the entry (not_invited) and leaves the count alone', async () => {
    const owner = await makeUser(t.deps);
    const friend = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await inviteCollaborator(t.deps, owner.actor, board.id, friend.id);
    await declineInvite(t.deps, friend.actor, board.id);
    expect(await statusOf(board, friend)).toBe('not_invited');
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(0);
    await expect(acceptInvite(t.deps, friend.actor, board.id)).rejects.toMatchObject({ errorName: 'not_found' });
  });

  it('an add keeps an existing status', async () => {
    const owner = await makeUser(t.deps);
    const friend = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await inviteCollaborator(t.deps, owner.actor, board.id, friend.id);
    await acceptInvite(t.deps, friend.actor, board.id);
    expect((await inviteCollaborator(t.deps, owner.actor, board.id, friend.id)).status).toBe('accepted');
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(1);
  });

  it('only the owner invites, and not themselves', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await expect(inviteCollaborator(t.deps, (await makeUser(t.deps)).actor, board.id, owner.id)).rejects.toMatchObject({ errorName: 'forbidden' });
    await expect(inviteCollaborator(t.deps, owner.actor, board.id, owner.id)).rejects.toMatchObject({ errorName: 'bad_request' });
    await expect(inviteCollaborator(t.deps, owner.actor, board.id, '123')).rejects.toMatchObject({ errorName: 'not_found' });
  });
});

describe('request to join: accepted with write and delete when approved; dropped when denied', () => {
  it('approving a request gives write and delete access and raises the count', async () => {
    const owner = await makeUser(t.deps);
    const fan = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    expect((await requestToJoin(t.deps, fan.actor, board.id)).status).toBe('requested');
    await approveRequest(t.deps, owner.actor, board.id, fan.id);
    expect(await accessOf(board, fan)).toEqual({ write: true, delete: true, admin: false });
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(1);
  });

  it('denying drops the entry', async () => {
    const owner = await makeUser(t.deps);
    const fan = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await requestToJoin(t.deps, fan.actor, board.id);
    await removeCollaborator(t.deps, owner.actor, board.id, fan.id);
    expect(await statusOf(board, fan)).toBe('not_invited');
    await expect(approveRequest(t.deps, owner.actor, board.id, fan.id)).rejects.toMatchObject({ errorName: 'not_found' });
  });

  it('nobody can ask to join a secret board they cannot see', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await expect(requestToJoin(t.deps, (await makeUser(t.deps)).actor, board.id)).rejects.toMatchObject({ errorName: 'not_found' });
  });
});

describe('removing a collaborator lowers the count and clears their access', () => {
  it('the owner removes; a collaborator leaves; the count floors at 0', async () => {
    const owner = await makeUser(t.deps);
    const a = await makeUser(t.deps);
    const b = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    for (const u of [a, b]) {
      await inviteCollaborator(t.deps, owner.actor, board.id, u.id);
      await acceptInvite(t.deps, u.actor, board.id);
    }
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(2);
    await removeCollaborator(t.deps, owner.actor, board.id, a.id);
    await removeCollaborator(t.deps, b.actor, board.id, b.id);
    expect((await boardRow(t.deps, board.id)).collaborator_count).toBe(0);
    expect(await accessOf(board, a)).toEqual({ write: false, delete: false, admin: false });
  });

  it('a collaborator cannot remove someone else', async () => {
    const owner = await makeUser(t.deps);
    const a = await makeUser(t.deps);
    const b = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    for (const u of [a, b]) {
      await inviteCollaborator(t.deps, owner.actor, board.id, u.id);
      await acceptInvite(t.deps, u.actor, board.id);
    }
    await expect(removeCollaborator(t.deps, a.actor, board.id, b.id)).rejects.toMatchObject({ errorName: 'forbidden' });
  });
});

describe('ownership transfer request sets a pending collaborator; cancel clears it', () => {
  async function boardWithCollaborator() {
    const owner = await makeUser(t.deps);
    const heir = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner, { name: 'Heirlooms', privacy: 'secret' });
    await inviteCollaborator(t.deps, owner.actor, board.id, heir.id);
    await acceptInvite(t.deps, heir.actor, board.id);
    return { owner, heir, board };
  }

  it('request then cancel', async () => {
    const { owner, heir, board } = await boardWithCollaborator();
    expect((await requestOwnershipTransfer(t.deps, owner.actor, board.id, heir.id)).pending_owner_id).toBe(heir.id);
    await cancelOwnershipTransfer(t.deps, owner.actor, board.id);
    expect((await boardRow(t.deps, board.id)).pending_owner_id).toBeNull();
    await expect(acceptOwnershipTransfer(t.deps, heir.actor, board.id)).rejects.toMatchObject({ errorName: 'not_found' });
  });

  it('the pending owner may decline; only a collaborator can be offered the board', async () => {
    const { owner, heir, board } = await boardWithCollaborator();
    await expect(requestOwnershipTransfer(t.deps, owner.actor, board.id, (await makeUser(t.deps)).id)).rejects.toMatchObject({ errorName: 'bad_request' });
    await requestOwnershipTransfer(t.deps, owner.actor, board.id, heir.id);
    await cancelOwnershipTransfer(t.deps, heir.actor, board.id);
    expect((await boardRow(t.deps, board.id)).pending_owner_id).toBeNull();
  });

  it('accepting moves the board with its counts; the old owner stays with write and delete', async () => {
    const { owner, heir, board } = await boardWithCollaborator();
    await makePin(t.deps, owner, board);
    await makeBoard(t.deps, heir, { name: 'Heirlooms' });
    await requestOwnershipTransfer(t.deps, owner.actor, board.id, heir.id);
    const moved = await acceptOwnershipTransfer(t.deps, heir.actor, board.id);
    expect(moved).toMatchObject({ owner_id: heir.id, pending_owner_id: null, slug: 'heirlooms-2', collaborator_count: 1 });
    expect(await accessOf(board, owner)).toEqual({ write: true, delete: true, admin: false });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 0, pin_count: 0, secret_pin_count: 0 });
    expect(await profileCounts(t.deps, heir.id)).toMatchObject({ board_count: 2, pin_count: 1, secret_pin_count: 1, secret_board_count: 1 });
  });

  it('removing the pending owner as a collaborator withdraws the offer', async () => {
    const { owner, heir, board } = await boardWithCollaborator();
    await requestOwnershipTransfer(t.deps, owner.actor, board.id, heir.id);
    await removeCollaborator(t.deps, heir.actor, board.id, heir.id);
    expect((await boardRow(t.deps, board.id)).pending_owner_id).toBeNull();
  });
});
