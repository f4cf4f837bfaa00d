import { beforeAll, describe, expect, it } from 'vitest';
import type { NotificationJson } from '../../../src/shared/contracts/notifications.ts';
import { createComment } from '../../../src/server/comments/comments.service.ts';
import { createDidIt } from '../../../src/server/tried/did-its.service.ts';
import { reactToPin } from '../../../src/server/pins/reactions.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { followBoard, followUser } from '../../../src/server/social/follows.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { settle } from '../../support/settle.ts';
import { failed, ok } from '../boards/helpers.ts';

/*
 * The news hub (docs/decisions/0050-notifications.md): domain events become notifications once,
 * grouped within the window, for nobody blocked and about nothing the recipient may not see;
 * marking seen lowers the badge in the same commit that records notifications.changed.
 */

describe.each(databaseKinds)('news hub on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  async function member(name: string): Promise<{ user: TestUser; browser: TestClient }> {
    const user = await makeUser(t.deps, name);
    return { user, browser: await signIn(t, user) };
  }

  const hub = async (client: TestClient) => {
    await settle(t.deps);
    return ok<NotificationJson[]>(await client.getResource('NewsHubResource', {}));
  };
  const badge = async (client: TestClient) => {
    await settle(t.deps);
    return ok<{ news_hub_unseen_count: number }>(await client.getResource('NewsHubBadgeResource', {})).news_hub_unseen_count;
  };
  const rowsFor = async (userId: string) => t.deps.db.selectFrom('notifications').selectAll().where('recipient_id', '=', userId).execute();
  /** The badges notifications.changed recorded for a member, in order. */
  const badgeEvents = async (userId: string) =>
    (await t.deps.db.selectFrom('domain_events').select('payload').where('type', '=', 'notifications.changed').orderBy('id').execute()).flatMap((e) => {
      const payload = (typeof e.payload === 'string' ? JSON.parse(e.payload) : e.payload) as { badges: { userId: string; unseen: number }[] };
      return payload.badges.filter((b) => b.userId === userId);
    });

  it('groups five saves of a pin into one notification naming the newest saver, and counts each person once', async () => {
    const owner = await member('owner');
    const board = await makeBoard(t.deps, owner.user);
    const { pin } = await makePin(t.deps, owner.user, board, { title: 'Copper kettle' });
    const savers = await Promise.all(['ana', 'ben', 'cy', 'di', 'ed'].map((n) => makeUser(t.deps, n)));
    for (const saver of savers) await savePin(t.deps, saver.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, saver)).id });
    // Saving again to another board is the same person: the group still holds five.
    const again = savers[4];
    if (!again) throw new Error('no saver');
    await savePin(t.deps, again.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, again)).id });
    const items = await hub(owner.browser);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ type: 'save', actor_count: 5, pin: { id: pin.id, title: 'Copper kettle' }, url: `/pin/${pin.id}/`, seen: false });
    expect(items[0]?.actors.map((a) => a.id)).toEqual([again.id, savers[3]?.id, savers[2]?.id]);
    expect(await badge(owner.browser)).toBe(1);
    const [row] = await rowsFor(owner.user.id);
    expect(row).toMatchObject({ actor_count: 5, event_count: 6 });
    // Each batch of saves recorded the owner's badge in its commit: one unseen notification throughout.
    expect(new Set((await badgeEvents(owner.user.id)).map((b) => b.unseen))).toEqual(new Set([1]));
  });

  it('tells of follows, reactions, comments, replies and mentions, one notification per member per event', async () => {
    const owner = await member('poster');
    const fan = await member('fan');
    const friend = await member('friend');
    const board = await makeBoard(t.deps, owner.user);
    const { pin } = await makePin(t.deps, owner.user, board);
    await followUser(t.deps, fan.user.actor, owner.user.id);
    await reactToPin(t.deps, fan.user.actor, { pinId: pin.id }, 1);
    const top = await createComment(t.deps, fan.user.actor, { pin_id: pin.id, text: 'Lovely' });
    await createComment(t.deps, friend.user.actor, { pin_id: pin.id, text: `Agreed @${fan.user.username} and @${owner.user.username}`, parent_id: top.id });
    const types = (await hub(owner.browser)).map((n) => n.type).sort();
    // The owner is mentioned in the reply: a mention, not also a comment from the same event.
    expect(types).toEqual(['comment', 'follow', 'mention', 'reaction']);
    const fanTypes = (await hub(fan.browser)).map((n) => n.type);
    expect(fanTypes).toEqual(['mention']);
  });

  it('a comment on a tried-it tells the member who tried the pin, not the pin creator', async () => {
    const creator = await member('maker');
    const tryer = await member('tryer');
    const talker = await makeUser(t.deps, 'talker');
    const board = await makeBoard(t.deps, creator.user);
    const { pin } = await makePin(t.deps, creator.user, board, { title: 'Rye loaf' });
    const tried = await createDidIt(t.deps, tryer.user.actor, { pin_id: pin.id, details: 'Baked it twice' });
    await createComment(t.deps, talker.actor, { pin_id: pin.id, did_it_id: tried.id, text: 'Looks great' });
    expect((await hub(tryer.browser)).map((n) => [n.type, n.pin?.title])).toEqual([['did_it_comment', 'Rye loaf']]);
    // The creator hears of the tried-it itself, not of the talk under it.
    expect((await hub(creator.browser)).map((n) => n.type)).toEqual(['did_it']);
  });

  it('marks seen: the badge drops to zero, notifications.changed records the new count, and a new save starts a new group', async () => {
    const owner = await member('seer');
    const board = await makeBoard(t.deps, owner.user);
    const { pin } = await makePin(t.deps, owner.user, board);
    const [a, b] = await Promise.all([makeUser(t.deps, 'aa'), makeUser(t.deps, 'bb')]);
    await savePin(t.deps, a.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, a)).id });
    expect(await badge(owner.browser)).toBe(1);
    const seen = ok<{ news_hub_unseen_count: number }>(await owner.browser.resource('NewsHubResource', 'update', {}));
    expect(seen.news_hub_unseen_count).toBe(0);
    expect((await badgeEvents(owner.user.id)).map((b) => b.unseen)).toEqual([1, 0]);
    // Each count went into the member's live log with its change: open tabs move their badge.
    const live = await t.deps.db.selectFrom('member_log').select(['kind', 'payload']).where('member_id', '=', owner.user.id).orderBy('seq').execute();
    expect(live.map((e): [string, unknown] => [e.kind, JSON.parse(e.payload)])).toEqual([
      ['notifications.unseen', { unseen_count: 1 }],
      ['notifications.unseen', { unseen_count: 0 }],
    ]);
    await savePin(t.deps, b.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, b)).id });
    const items = await hub(owner.browser);
    expect(items.map((n) => [n.actor_count, n.seen])).toEqual([
      [1, false],
      [1, true],
    ]);
    // Marking one by id leaves the others.
    ok(await owner.browser.resource('NewsHubResource', 'update', { notification_ids: [items[0]?.id] }));
    expect(await badge(owner.browser)).toBe(0);
  });

  it('a save to a secret board notifies nobody outside it; a blocked member notifies nobody', async () => {
    const owner = await member('creator');
    const board = await makeBoard(t.deps, owner.user);
    const { pin } = await makePin(t.deps, owner.user, board);
    const sneaky = await makeUser(t.deps, 'sneaky');
    await savePin(t.deps, sneaky.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, sneaky, { privacy: 'secret' })).id });
    const blocked = await makeUser(t.deps, 'blocked');
    await blockUser(t.deps, owner.user.actor, blocked.id);
    await savePin(t.deps, blocked.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, blocked)).id }).catch(() => null);
    await followUser(t.deps, blocked.actor, owner.user.id).catch(() => null);
    expect(await hub(owner.browser)).toEqual([]);
    expect(await rowsFor(owner.user.id)).toEqual([]);
    expect(await badge(owner.browser)).toBe(0);
  });

  it('board followers hear of new pins on a public board, and no follower hears of one that is secret', async () => {
    const owner = await member('curator');
    const follower = await member('follower');
    const board = await makeBoard(t.deps, owner.user, { name: 'Lamps' });
    await followBoard(t.deps, follower.user.actor, board.id);
    await makePin(t.deps, owner.user, board);
    const items = await hub(follower.browser);
    expect(items).toMatchObject([{ type: 'board_activity', board: { id: board.id, name: 'Lamps' } }]);
    // Blocking the owner afterwards takes the notification, its row and its count away.
    await blockUser(t.deps, follower.user.actor, owner.user.id);
    expect(await hub(follower.browser)).toEqual([]);
    expect(await rowsFor(follower.user.id)).toEqual([]);
    expect(await badge(follower.browser)).toBe(0);
  });

  it('a blocked person leaves a group: the others stay with the count of those left', async () => {
    const owner = await member('grouped');
    const board = await makeBoard(t.deps, owner.user);
    const { pin } = await makePin(t.deps, owner.user, board);
    const [kind1, rude] = [await makeUser(t.deps, 'kind'), await makeUser(t.deps, 'rude')];
    for (const saver of [kind1, rude]) await savePin(t.deps, saver.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, saver)).id });
    expect((await hub(owner.browser))[0]?.actor_count).toBe(2);
    await blockUser(t.deps, owner.user.actor, rude.id);
    const [item] = await hub(owner.browser);
    expect(item).toMatchObject({ actor_count: 1, actors: [{ id: kind1.id }] });
    expect(JSON.stringify(await hub(owner.browser))).not.toContain(rude.id);
  });

  it('a private profile’s board activity reaches only the people its owner approved', async () => {
    const owner = await member('hidden');
    const board = await makeBoard(t.deps, owner.user, { name: 'Quiet corner' });
    const approved = await member('approved');
    const stranger = await member('stranger');
    await followUser(t.deps, approved.user.actor, owner.user.id);
    await followBoard(t.deps, approved.user.actor, board.id);
    await followBoard(t.deps, stranger.user.actor, board.id);
    ok(await owner.browser.resource('PrivacySettingsResource', 'update', { is_private_profile: true }));
    await makePin(t.deps, owner.user, board);
    expect((await hub(approved.browser)).map((n) => n.type)).toEqual(['board_activity']);
    expect(await hub(stranger.browser)).toEqual([]);
    expect(await rowsFor(stranger.user.id)).toEqual([]);
  });

  it('a private profile owner hears of a follow request', async () => {
    const owner = await member('private');
    const asker = await member('asker');
    ok(await owner.browser.resource('PrivacySettingsResource', 'update', { is_private_profile: true }));
    ok(await asker.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    expect(await hub(owner.browser)).toMatchObject([{ type: 'follow_request', url: '/settings/privacy', actors: [{ id: asker.user.id }] }]);
  });

  it('answers only the caller: a visitor is asked to sign in, bad input is a clear 400 and changes nothing', async () => {
    const visitor = await visitorClient(t);
    failed(await visitor.getResource('NewsHubResource', {}), 401);
    failed(await visitor.getResource('NewsHubBadgeResource', {}), 401);
    failed(await visitor.resource('NewsHubResource', 'update', {}), 401);
    const someone = await member('careful');
    const other = await member('otherone');
    await followUser(t.deps, other.user.actor, someone.user.id);
    expect(await badge(someone.browser)).toBe(1);
    for (const bad of [
      { notification_ids: [] },
      { notification_ids: ['x'] },
      { notification_ids: 'all' },
      { notification_ids: Array.from({ length: 101 }, () => '1') },
    ]) {
      failed(await someone.browser.resource('NewsHubResource', 'update', bad), 400);
    }
    failed(await someone.browser.getResource('NewsHubResource', { bookmark: 'not-ours' }), 400);
    expect(await badge(someone.browser)).toBe(1);
    // Another member's notification ids mark nothing of theirs.
    const [theirs] = await rowsFor(someone.user.id);
    ok(await other.browser.resource('NewsHubResource', 'update', { notification_ids: [theirs?.id] }));
    expect(await badge(someone.browser)).toBe(1);
  });
});
