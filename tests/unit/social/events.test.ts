import { describe, expect, it } from 'vitest';
import {
  acceptInvite,
  approveRequest,
  declineInvite,
  inviteCollaborator,
  removeCollaborator,
  requestToJoin,
} from '../../../src/server/boards/collaborators.service.ts';
import { acceptOwnershipTransfer, cancelOwnershipTransfer, requestOwnershipTransfer } from '../../../src/server/boards/ownership.service.ts';
import { blockUser, unblockUser } from '../../../src/server/social/blocks.service.ts';
import { followBoard, followUser, followUsers, setInterestFollowed, unfollowBoard, unfollowUser } from '../../../src/server/social/follows.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, makeBoard, makeUser, type TestUser } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

/** Making the members and boards of a test records events of its own. */
const SETUP = ['account.created', 'board.created'];

/** The events a user's changes recorded, oldest first, with their payloads. */
async function eventsBy(user: TestUser): Promise<Record<string, unknown>[]> {
  const rows = await t.deps.db
    .selectFrom('domain_events')
    .select(['type', 'payload'])
    .where('actor_id', '=', user.id)
    .where('type', 'not in', SETUP)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ type: r.type, ...(JSON.parse(r.payload) as Record<string, unknown>) }));
}

describe('follows, blocks and collaborations record their events in their transaction, once per change', () => {
  it('following and unfollowing a member, a board and a topic', async () => {
    const me = await makeUser(t.deps);
    const star = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    const board = await makeBoard(t.deps, star);
    const topic = await ensureInterest(t.deps.db, 'Ceramics', `ceramics-${me.id}`);
    await followUser(t.deps, me.actor, star.id);
    await followUser(t.deps, me.actor, star.id);
    await followUsers(t.deps, me.actor, [star.id, other.id]);
    await unfollowUser(t.deps, me.actor, star.id);
    await unfollowUser(t.deps, me.actor, star.id);
    await followBoard(t.deps, me.actor, board.id);
    await followBoard(t.deps, me.actor, board.id);
    await unfollowBoard(t.deps, me.actor, board.id);
    await setInterestFollowed(t.deps, me.actor, topic.id, true);
    await setInterestFollowed(t.deps, me.actor, topic.id, true);
    await setInterestFollowed(t.deps, me.actor, topic.id, false);
    expect(await eventsBy(me)).toEqual([
      { type: 'user.followed', userId: star.id },
      { type: 'user.followed', userId: other.id },
      { type: 'user.unfollowed', userId: star.id },
      { type: 'board.followed', boardId: board.id },
      { type: 'board.unfollowed', boardId: board.id },
      { type: 'topic.followed', interestId: topic.id },
      { type: 'topic.unfollowed', interestId: topic.id },
    ]);
  });

  it('blocking and unblocking', async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    await blockUser(t.deps, me.actor, pest.id);
    await blockUser(t.deps, me.actor, pest.id);
    await unblockUser(t.deps, me.actor, pest.id);
    await unblockUser(t.deps, me.actor, pest.id);
    expect(await eventsBy(me)).toEqual([
      { type: 'member.blocked', userId: pest.id },
      { type: 'member.unblocked', userId: pest.id },
    ]);
  });

  it('collaborators invited, asking, accepted and removed, and the ownership offered, cancelled and transferred', async () => {
    const owner = await makeUser(t.deps);
    const friend = await makeUser(t.deps);
    const fan = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await inviteCollaborator(t.deps, owner.actor, board.id, friend.id);
    await inviteCollaborator(t.deps, owner.actor, board.id, friend.id);
    await acceptInvite(t.deps, friend.actor, board.id);
    await requestToJoin(t.deps, fan.actor, board.id);
    await declineInvite(t.deps, fan.actor, board.id);
    await requestToJoin(t.deps, fan.actor, board.id);
    await approveRequest(t.deps, owner.actor, board.id, fan.id);
    await removeCollaborator(t.deps, owner.actor, board.id, fan.id);
    await requestOwnershipTransfer(t.deps, owner.actor, board.id, friend.id);
    await cancelOwnershipTransfer(t.deps, friend.actor, board.id);
    await requestOwnershipTransfer(t.deps, owner.actor, board.id, friend.id);
    await acceptOwnershipTransfer(t.deps, friend.actor, board.id);
    const changed = (status: string, userId: string) => ({ type: 'collaborator.changed', boardId: board.id, userId, status });
    expect(await eventsBy(owner)).toEqual([
      changed('invited', friend.id),
      changed('accepted', fan.id),
      changed('removed', fan.id),
      { type: 'ownership.offered', boardId: board.id, userId: friend.id },
      { type: 'ownership.offered', boardId: board.id, userId: friend.id },
    ]);
    expect(await eventsBy(friend)).toEqual([
      changed('accepted', friend.id),
      { type: 'ownership.cancelled', boardId: board.id },
      { type: 'ownership.transferred', boardId: board.id, fromUserId: owner.id, toUserId: friend.id },
    ]);
    expect(await eventsBy(fan)).toEqual([changed('requested', fan.id), changed('removed', fan.id), changed('requested', fan.id)]);
  });
});
