import { VISITOR, readerOf } from '../../../src/server/access/authorized.ts';
import { describe, expect, it } from 'vitest';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { FEED_END } from '../../../src/shared/resource-cache.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { withBlocksKnown } from '../../../src/server/access/block.policy.ts';
import { withCountedTestApp, makeBoard, makeMedia, makePin, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { bookmarkOf, failed, ok } from '../boards/helpers.ts';

type Card = { id: string; explicitly_followed_by_me: boolean; blocked_by_me: boolean; follower_count: number; image_small_url: string | null };
type Profile = Card & { pin_count: number; board_count: number; following_count: number; about: string; is_me: boolean; is_profile_pins_stale?: boolean };

describe.each(databaseKinds)('social resources on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  it('UserResource: the public profile with its counts; the owner edits about, website and picture', async () => {
    const me = await makeUser(t.deps);
    await makePin(t.deps, me, await makeBoard(t.deps, me));
    await makeBoard(t.deps, me, { privacy: 'secret' });
    const browser = await signIn(t, me);
    const media = await makeMedia(t.deps, me);
    const edited = ok<Profile>(
      await browser.resource('UserResource', 'update', { about: 'Teapots.', website_url: 'https://tea.example', image_media_id: media }),
    );
    expect(edited).toMatchObject({ about: 'Teapots.', is_me: true, board_count: 2, pin_count: 1 });
    expect(edited.image_small_url).toMatch(/\/media\/.+60x60/);
    const seen = ok<Profile>(await (await visitorClient(t)).getResource('UserResource', { username: me.username }));
    expect(seen).toMatchObject({ about: 'Teapots.', board_count: 1, pin_count: 1, is_me: false });
    failed(await browser.resource('UserResource', 'update', { website_url: 'ftp://x' }), 400);
    failed(await browser.resource('UserResource', 'update', { image_media_id: await makeMedia(t.deps, await makeUser(t.deps)) }), 404);
    failed(await (await visitorClient(t)).getResource('UserResource', { username: 'no-such-person' }), 404);
  });

  it('UserResource update: a new name shows on the profile and finds the member in search at once; bad names change nothing', async () => {
    const me = await makeUser(t.deps);
    const browser = await signIn(t, me);
    const edited = ok<Profile & { first_name: string; last_name: string; full_name: string }>(
      await browser.resource('UserResource', 'update', { first_name: '  Zephyrine ', last_name: 'Quillfeather' }),
    );
    expect(edited).toMatchObject({ first_name: 'Zephyrine', last_name: 'Quillfeather', full_name: 'Zephyrine Quillfeather' });
    const people = ok<{ results: { id: string }[] }>(
      await (await visitorClient(t)).getResource('BaseSearchResource', { query: 'quillfeather', scope: 'users' }),
    );
    expect(people.results.map((r) => r.id)).toEqual([me.id]);
    const before = JSON.stringify(await t.deps.db.selectFrom('users').select(['first_name', 'last_name', 'updated_at']).where('id', '=', me.id).execute());
    for (const bad of [{ first_name: 'x'.repeat(101) }, { last_name: 'tab\there' }, { first_name: 42 }, { first_name: 'Ok', website_url: 'ftp://x' }]) {
      failed(await browser.resource('UserResource', 'update', bad), 400);
    }
    failed(await (await visitorClient(t)).resource('UserResource', 'update', { first_name: 'Visitor' }), 401);
    expect(JSON.stringify(await t.deps.db.selectFrom('users').select(['first_name', 'last_name', 'updated_at']).where('id', '=', me.id).execute())).toBe(
      before,
    );
  });

  it('UserFollowResource: follow, bulk follow and unfollow move the counts', async () => {
    const me = await makeUser(t.deps);
    const [a, b, c] = [await makeUser(t.deps), await makeUser(t.deps), await makeUser(t.deps)];
    const browser = await signIn(t, me);
    expect(ok<Card>(await browser.resource('UserFollowResource', 'create', { user_id: a.id }))).toMatchObject({
      explicitly_followed_by_me: true,
      follower_count: 1,
    });
    expect(
      ok<Card[]>(await browser.resource('UserFollowResource', 'create', { user_ids: [b.id, c.id, a.id] }))
        .map((u) => u.id)
        .sort(),
    ).toEqual([a.id, b.id, c.id].sort());
    expect(ok<Profile>(await browser.getResource('UserResource', { username: me.username })).following_count).toBe(3);
    expect(ok<Card>(await browser.resource('UserFollowResource', 'delete', { user_id: a.id }))).toMatchObject({
      explicitly_followed_by_me: false,
      follower_count: 0,
    });
    failed(await browser.resource('UserFollowResource', 'create', { user_id: me.id }), 400);
    failed(await (await visitorClient(t)).resource('UserFollowResource', 'create', { user_id: a.id }), 401);
  });

  it('BoardFollowResource and InterestResource / InterestFollowResource', async () => {
    const me = await makeUser(t.deps);
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const browser = await signIn(t, me);
    expect(ok(await browser.resource('BoardFollowResource', 'create', { board_id: board.id }))).toMatchObject({ followed_by_me: true, follower_count: 1 });
    expect(ok(await browser.resource('BoardFollowResource', 'delete', { board_id: board.id }))).toMatchObject({ followed_by_me: false, follower_count: 0 });
    failed(await browser.resource('BoardFollowResource', 'create', { board_id: (await makeBoard(t.deps, owner, { privacy: 'secret' })).id }), 404);

    const topic = await ensureInterest(t.deps.db, 'Tiny houses', `tiny-houses-${kind}`);
    expect(ok(await browser.resource('InterestFollowResource', 'create', { interest_id: topic.id }))).toMatchObject({ is_followed: true, follower_count: 1 });
    expect(ok(await (await visitorClient(t)).getResource('InterestResource', { slug: topic.slug }))).toMatchObject({
      is_followed: false,
      follower_count: 1,
      name: 'Tiny houses',
    });
    expect(ok(await browser.resource('InterestFollowResource', 'delete', { interest_id: topic.id }))).toMatchObject({ is_followed: false, follower_count: 0 });
    failed(await browser.resource('InterestFollowResource', 'create', { interest_id: '12' }), 404);
  });

  it('UserBlockResource: block hides each from the other; the blocker lists and unblocks', async () => {
    const me = await makeUser(t.deps);
    const pest = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const mine = await signIn(t, me);
    const theirs = await signIn(t, pest);
    ok(await theirs.resource('UserFollowResource', 'create', { user_id: me.id }));
    expect(ok<Card>(await mine.resource('UserBlockResource', 'create', { user_id: pest.id }))).toMatchObject({
      blocked_by_me: true,
      explicitly_followed_by_me: false,
    });
    failed(await theirs.getResource('UserResource', { username: me.username }), 404);
    failed(await theirs.getResource('BoardResource', { board_id: board.id }), 404);
    failed(await theirs.getResource('BoardsFeedResource', { username: me.username }), 404);
    expect(ok<Profile>(await mine.getResource('UserResource', { username: me.username })).follower_count).toBe(0);
    const listed = await mine.getResource('UserBlockResource', {});
    expect(ok<Card[]>(listed).map((u) => u.id)).toEqual([pest.id]);
    expect(bookmarkOf(listed)).toBe(FEED_END);
    ok(await mine.resource('UserBlockResource', 'delete', { user_id: pest.id }));
    expect(ok<Profile>(await theirs.getResource('UserResource', { username: me.username })).blocked_by_me).toBe(false);
  });

  it('knows a reader without any block, so the policies skip the block probes, and never one with a block either way', async () => {
    const [me, pest, bystander] = [await makeUser(t.deps), await makeUser(t.deps), await makeUser(t.deps)];
    const known = async (userId: string) =>
      (await withBlocksKnown(t.deps.db, readerOf({ kind: 'member', userId, sessionIdHash: '', limitedLogin: false, expiresAt: 0 }))).blocksNone;
    expect(await withBlocksKnown(t.deps.db, VISITOR)).toEqual({ userId: null, readsSecret: false });
    expect(await known(me.id)).toBe(true);
    ok(await (await signIn(t, me)).resource('UserBlockResource', 'create', { user_id: pest.id }));
    expect([await known(me.id), await known(pest.id), await known(bystander.id)]).toEqual([false, false, true]);
  });
});
