import { describe, expect, it } from 'vitest';
import { findCollaborator } from '../../../src/server/access/board.policy.ts';
import { boardFeed } from '../../../src/server/feeds/board-feed.ts';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { blockUser, unblockUser } from '../../../src/server/social/blocks.service.ts';
import { followBoard, followUser } from '../../../src/server/social/follows.service.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import { getProfile } from '../../../src/server/social/profile.service.ts';
import { loadUserCards } from '../../../src/server/users/user-cards.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeUser, profileCounts } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

describe('blocking sets blocked_by_me and clears the follows both ways', () => {
  it('clears user follows in both directions with their counts', async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    await followUser(t.deps, me.actor, pest.id);
    await followUser(t.deps, pest.actor, me.id);
    await blockUser(t.deps, me.actor, pest.id);
    const card = (await loadUserCards(t.deps, readerOf(me.actor), [pest.id])).get(pest.id);
    expect(card).toMatchObject({ blocked_by_me: true, explicitly_followed_by_me: false, follower_count: 0 });
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ follower_count: 0, following_count: 0 });
  });

  it("clears the follow flag on the blocked user's boards, and their follows of mine", async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    const theirs = await makeBoard(t.deps, pest);
    const mine = await makeBoard(t.deps, me);
    await followBoard(t.deps, me.actor, theirs.id);
    await followBoard(t.deps, pest.actor, mine.id);
    await blockUser(t.deps, me.actor, pest.id);
    expect((await boardRow(t.deps, theirs.id)).follower_count).toBe(0);
    expect((await boardRow(t.deps, mine.id)).follower_count).toBe(0);
  });

  it('ends collaborations between the two', async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    const mine = await makeBoard(t.deps, me);
    await inviteCollaborator(t.deps, me.actor, mine.id, pest.id);
    await acceptInvite(t.deps, pest.actor, mine.id);
    await blockUser(t.deps, pest.actor, me.id);
    expect(await findCollaborator(t.deps.db, mine.id, pest.id)).toBeUndefined();
    expect((await boardRow(t.deps, mine.id)).collaborator_count).toBe(0);
  });
});

describe('blocked users see nothing of each other', () => {
  it("the blocked user loses the blocker's profile and boards; the blocker keeps the profile record to unblock", async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    const mine = await makeBoard(t.deps, me);
    const theirs = await makeBoard(t.deps, pest);
    await makePin(t.deps, pest, theirs);
    await blockUser(t.deps, me.actor, pest.id);
    await expect(getProfile(t.deps, pest.actor, me.username)).rejects.toMatchObject({ errorName: 'not_found' });
    await expect(boardFeed(t.deps, pest.actor, { boardId: mine.id })).rejects.toMatchObject({ errorName: 'not_found' });
    await expect(boardFeed(t.deps, me.actor, { boardId: theirs.id })).rejects.toMatchObject({ errorName: 'not_found' });
    expect(await getProfile(t.deps, me.actor, pest.username)).toMatchObject({ blocked_by_me: true });
    await expect(followUser(t.deps, pest.actor, me.id)).rejects.toMatchObject({ errorName: 'not_found' });

    await unblockUser(t.deps, me.actor, pest.id);
    expect(await getProfile(t.deps, pest.actor, me.username)).toMatchObject({ blocked_by_me: false });
    expect((await boardFeed(t.deps, me.actor, { boardId: theirs.id })).items).toHaveLength(1);
  });

  it('nobody blocks themselves', async () => {
    const me = await makeUser(t.deps);
    await expect(blockUser(t.deps, me.actor, me.id)).rejects.toMatchObject({ errorName: 'bad_request' });
  });
});
