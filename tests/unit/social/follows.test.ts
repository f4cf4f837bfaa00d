import { describe, expect, it } from 'vitest';
import { followBoard, followUser, followUsers, setInterestFollowed, unfollowBoard, unfollowUser } from '../../../src/server/social/follows.service.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { ensureInterest, getInterest } from '../../../src/server/social/topics.ts';
import { loadUserCards } from '../../../src/server/users/user-cards.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makeUser, profileCounts, type TestUser } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

async function cardAs(viewer: TestUser, user: TestUser) {
  return (await loadUserCards(t.deps, readerOf(viewer.actor), [user.id])).get(user.id);
}

describe('follow sets explicitly_followed_by_me and moves follower_count by +1 or -1', () => {
  it('follow then unfollow', async () => {
    const me = await makeUser(t.deps);
    const star = await makeUser(t.deps);
    await followUser(t.deps, me.actor, star.id);
    await followUser(t.deps, me.actor, star.id);
    expect(await cardAs(me, star)).toMatchObject({ explicitly_followed_by_me: true, follower_count: 1 });
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ following_count: 1 });
    await unfollowUser(t.deps, me.actor, star.id);
    await unfollowUser(t.deps, me.actor, star.id);
    expect(await cardAs(me, star)).toMatchObject({ explicitly_followed_by_me: false, follower_count: 0 });
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ following_count: 0 });
  });

  it('nobody follows themselves or a user who does not exist', async () => {
    const me = await makeUser(t.deps);
    await expect(followUser(t.deps, me.actor, me.id)).rejects.toMatchObject({ errorName: 'bad_request' });
    await expect(followUser(t.deps, me.actor, '77')).rejects.toMatchObject({ errorName: 'not_found' });
  });
});

describe('bulk follow sets the flag for a list of ids', () => {
  it('follows each listed user once, skipping self and unknown ids', async () => {
    const me = await makeUser(t.deps);
    const a = await makeUser(t.deps);
    const b = await makeUser(t.deps);
    const followed = await followUsers(t.deps, me.actor, [a.id, b.id, a.id, me.id, '99']);
    expect(followed.sort()).toEqual([a.id, b.id].sort());
    expect(await cardAs(me, a)).toMatchObject({ explicitly_followed_by_me: true, follower_count: 1 });
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ following_count: 2 });
  });
});

describe('board follow: followed_by_me and follower_count', () => {
  it('follows a visible board once, unfollows, never one of your own or a secret one', async () => {
    const me = await makeUser(t.deps);
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await followBoard(t.deps, me.actor, board.id);
    await followBoard(t.deps, me.actor, board.id);
    expect((await boardRow(t.deps, board.id)).follower_count).toBe(1);
    await unfollowBoard(t.deps, me.actor, board.id);
    expect((await boardRow(t.deps, board.id)).follower_count).toBe(0);
    await expect(followBoard(t.deps, owner.actor, board.id)).rejects.toMatchObject({ errorName: 'bad_request' });
    await expect(followBoard(t.deps, me.actor, (await makeBoard(t.deps, owner, { privacy: 'secret' })).id)).rejects.toMatchObject({ errorName: 'not_found' });
  });
});

describe('topic follow and unfollow', () => {
  it('sets is_followed and the follower count, idempotently', async () => {
    const me = await makeUser(t.deps);
    const topic = await ensureInterest(t.deps.db, 'Home decor', `home-decor-${me.id}`);
    await setInterestFollowed(t.deps, me.actor, topic.id, true);
    await setInterestFollowed(t.deps, me.actor, topic.id, true);
    expect(await getInterest(t.deps, me.actor, { id: topic.id })).toMatchObject({ is_followed: true, follower_count: 1 });
    await setInterestFollowed(t.deps, me.actor, topic.id, false);
    expect(await getInterest(t.deps, me.actor, { slug: topic.slug })).toMatchObject({ is_followed: false, follower_count: 0 });
    await expect(setInterestFollowed(t.deps, me.actor, '5', true)).rejects.toMatchObject({ errorName: 'not_found' });
  });
});
