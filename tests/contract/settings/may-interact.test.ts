import { describe, expect, it } from 'vitest';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { mayInteract, updateInteractionSettings } from '../../../src/server/users/interaction-settings.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, withCountedTestApp } from '../../support/factories.ts';

/** mayInteract: what the comments, mentions and messages areas ask before they write. */
describe.each(databaseKinds)('who may mention, comment and message on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('by default everyone may; the owner’s audience then decides, per kind', async () => {
    const owner = await makeUser(t.deps, 'owner');
    const friend = await makeUser(t.deps, 'friend');
    const stranger = await makeUser(t.deps, 'stranger');
    const fan = await makeUser(t.deps, 'fan');
    await followUser(t.deps, owner.actor, friend.id);
    // A fan following the owner is not someone the owner follows.
    await followUser(t.deps, fan.actor, owner.id);
    for (const kind of ['mention', 'comment', 'message'] as const) expect(await mayInteract(t.deps, stranger.id, owner.id, kind)).toBe(true);

    await updateInteractionSettings(t.deps, owner.actor, { mention_audience: 'following', comment_audience: 'nobody' });
    expect(await mayInteract(t.deps, friend.id, owner.id, 'mention')).toBe(true);
    expect(await mayInteract(t.deps, stranger.id, owner.id, 'mention')).toBe(false);
    expect(await mayInteract(t.deps, fan.id, owner.id, 'mention')).toBe(false);
    expect(await mayInteract(t.deps, friend.id, owner.id, 'comment')).toBe(false);
    expect(await mayInteract(t.deps, owner.id, owner.id, 'comment')).toBe(true);
    expect(await mayInteract(t.deps, stranger.id, owner.id, 'message')).toBe(true);
  });

  it('a block either way refuses every interaction', async () => {
    const owner = await makeUser(t.deps, 'blocker');
    const blocked = await makeUser(t.deps, 'blocked');
    const blocking = await makeUser(t.deps, 'blocking');
    await blockUser(t.deps, owner.actor, blocked.id);
    await blockUser(t.deps, blocking.actor, owner.id);
    for (const kind of ['mention', 'comment', 'message'] as const) {
      expect(await mayInteract(t.deps, blocked.id, owner.id, kind)).toBe(false);
      expect(await mayInteract(t.deps, blocking.id, owner.id, kind)).toBe(false);
    }
  });
});
