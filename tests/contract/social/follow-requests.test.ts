import { beforeAll, describe, expect, it } from 'vitest';
import type { UserCard } from '../../../src/shared/contracts/user-cards.ts';
import type { ProfileJson } from '../../../src/shared/contracts/social.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, profileCounts, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from '../boards/helpers.ts';

/*
 * Follow requests (docs/decisions/0046-follow-requests.md): following a private profile asks; the
 * owner accepts or declines; unfollowing withdraws; each step is an event; bad input changes nothing.
 */

describe.each(databaseKinds)('follow requests on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  async function member(name: string): Promise<{ user: TestUser; browser: TestClient }> {
    const user = await makeUser(t.deps, name);
    return { user, browser: await signIn(t, user) };
  }

  async function goPrivate(browser: TestClient, value = true): Promise<void> {
    ok(await browser.resource('PrivacySettingsResource', 'update', { is_private_profile: value }));
  }

  const profileOf = async (client: TestClient, user: TestUser) => ok<ProfileJson>(await client.getResource('UserResource', { username: user.username }));
  const requestsOf = async (client: TestClient) => ok<UserCard[]>(await client.getResource('FollowRequestResource', {})).map((c) => c.id);
  const eventsAbout = async (type: string, actorOrSubject: string) =>
    (await t.deps.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', type).execute()).filter((e) =>
      JSON.stringify(e.payload).includes(actorOrSubject),
    );

  it('following a private profile makes a pending request; accepting makes a follower with the counts of any follow', async () => {
    const owner = await member('privy');
    const asker = await member('asker');
    await goPrivate(owner.browser);
    const card = ok<UserCard>(await asker.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    expect(card.explicitly_followed_by_me).toBe(false);
    expect(await profileOf(asker.browser, owner.user)).toMatchObject({
      is_private_profile: true,
      is_visible_to_me: false,
      follow_requested_by_me: true,
      explicitly_followed_by_me: false,
    });
    expect((await profileCounts(t.deps, owner.user.id)).follower_count).toBe(0);
    // Asking twice is one request.
    ok(await asker.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    expect(await requestsOf(owner.browser)).toEqual([asker.user.id]);
    expect(await eventsAbout('follow_request.made', owner.user.id)).toHaveLength(1);

    const accepted = ok<UserCard>(await owner.browser.resource('FollowRequestResource', 'update', { user_id: asker.user.id, answer: 'accept' }));
    expect(accepted.id).toBe(asker.user.id);
    expect(await requestsOf(owner.browser)).toEqual([]);
    expect(await profileOf(asker.browser, owner.user)).toMatchObject({
      is_visible_to_me: true,
      follow_requested_by_me: false,
      explicitly_followed_by_me: true,
    });
    expect((await profileCounts(t.deps, owner.user.id)).follower_count).toBe(1);
    expect((await profileCounts(t.deps, asker.user.id)).following_count).toBe(1);
    expect(await eventsAbout('follow_request.accepted', asker.user.id)).toHaveLength(1);
    // A request already answered is not found.
    failed(await owner.browser.resource('FollowRequestResource', 'update', { user_id: asker.user.id, answer: 'accept' }), 404);
  });

  it('declining drops the request and follows nothing; unfollowing withdraws a waiting request', async () => {
    const owner = await member('shy');
    const first = await member('first');
    const second = await member('second');
    await goPrivate(owner.browser);
    ok(await first.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    ok(await second.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    expect(new Set(await requestsOf(owner.browser))).toEqual(new Set([first.user.id, second.user.id]));

    ok(await owner.browser.resource('FollowRequestResource', 'update', { user_id: first.user.id, answer: 'decline' }));
    expect(await profileOf(first.browser, owner.user)).toMatchObject({
      is_visible_to_me: false,
      follow_requested_by_me: false,
      explicitly_followed_by_me: false,
    });
    expect(await eventsAbout('follow_request.declined', first.user.id)).toHaveLength(1);

    ok(await second.browser.resource('UserFollowResource', 'delete', { user_id: owner.user.id }));
    expect(await requestsOf(owner.browser)).toEqual([]);
    expect(await eventsAbout('follow_request.withdrawn', owner.user.id)).toHaveLength(1);
    expect((await profileCounts(t.deps, owner.user.id)).follower_count).toBe(0);
  });

  it('followers from before stay approved when the profile goes private; a public profile is followed at once', async () => {
    const owner = await member('turning');
    const early = await member('early');
    ok(await early.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    await goPrivate(owner.browser);
    expect(await eventsAbout('profile.privacy_changed', owner.user.id)).toHaveLength(1);
    expect(await profileOf(early.browser, owner.user)).toMatchObject({ is_private_profile: true, is_visible_to_me: true, explicitly_followed_by_me: true });
    // Saving the same setting again is no change.
    await goPrivate(owner.browser);
    expect(await eventsAbout('profile.privacy_changed', owner.user.id)).toHaveLength(1);
    await goPrivate(owner.browser, false);
    const late = await member('late');
    expect(ok<UserCard>(await late.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id })).explicitly_followed_by_me).toBe(true);
    expect(await requestsOf(owner.browser)).toEqual([]);
  });

  it('a block either way drops the waiting request', async () => {
    const owner = await member('blocker');
    const asker = await member('blockee');
    await goPrivate(owner.browser);
    ok(await asker.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    ok(await owner.browser.resource('UserBlockResource', 'create', { user_id: asker.user.id }));
    expect(await requestsOf(owner.browser)).toEqual([]);
  });

  it('the list pages with a bookmark, newest first', async () => {
    const owner = await member('popular');
    await goPrivate(owner.browser);
    const askers: string[] = [];
    for (let i = 0; i < 27; i += 1) {
      const asker = await makeUser(t.deps, `fan${String(i)}`);
      ok(await (await signIn(t, asker)).resource('UserFollowResource', 'create', { user_id: owner.user.id }));
      askers.push(asker.id);
    }
    const first = await owner.browser.getResource('FollowRequestResource', {});
    const page1 = ok<UserCard[]>(first).map((c) => c.id);
    expect(page1).toHaveLength(25);
    const page2 = ok<UserCard[]>(await owner.browser.getResource('FollowRequestResource', { bookmark: bookmarkOf(first) })).map((c) => c.id);
    expect(new Set([...page1, ...page2])).toEqual(new Set(askers));
    expect(page1[0]).toBe(askers.at(-1));
  });

  it('bad input is a 400 that changes nothing; a visitor is asked to sign in, a token refused, someone else’s request not found', async () => {
    const owner = await member('strict');
    const asker = await member('eager');
    await goPrivate(owner.browser);
    ok(await asker.browser.resource('UserFollowResource', 'create', { user_id: owner.user.id }));
    const before = await t.deps.db.selectFrom('follow_requests').selectAll().orderBy('requester_id').execute();
    for (const bad of [
      {},
      { user_id: asker.user.id },
      { answer: 'accept' },
      { user_id: 'abc', answer: 'accept' },
      { user_id: asker.user.id, answer: 'maybe' },
      { user_id: 7, answer: 'accept' },
    ]) {
      failed(await owner.browser.resource('FollowRequestResource', 'update', bad), 400);
    }
    for (const bad of [{ bookmark: 'not-ours' }, { bookmark: 'x'.repeat(600) }, { bookmark: 12 }])
      failed(await owner.browser.getResource('FollowRequestResource', bad), 400);
    // The asker cannot answer their own request, nor a stranger one not made to them.
    failed(await asker.browser.resource('FollowRequestResource', 'update', { user_id: owner.user.id, answer: 'accept' }), 404);
    failed(await asker.browser.resource('FollowRequestResource', 'update', { user_id: asker.user.id, answer: 'accept' }), 404);
    const visitor = await visitorClient(t);
    failed(await visitor.getResource('FollowRequestResource', {}), 401);
    failed(await visitor.resource('FollowRequestResource', 'update', { user_id: asker.user.id, answer: 'accept' }), 401);
    const created = ok<{ token: string }>(
      await owner.browser.resource('PersonalAccessTokenResource', 'create', { name: 'requests', scopes: ['user_accounts:read'] }),
    );
    const byToken = await t.app.inject({
      method: 'GET',
      url: `/resource/FollowRequestResource/get/?data=${encodeURIComponent(JSON.stringify({ options: {}, context: {} }))}`,
      headers: { authorization: `Bearer ${created.token}` },
    });
    expect(byToken.statusCode).toBe(403);
    expect(await t.deps.db.selectFrom('follow_requests').selectAll().orderBy('requester_id').execute()).toEqual(before);
  });
});
