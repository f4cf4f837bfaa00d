import { describe, expect, it } from 'vitest';
import { followUser } from '../../../src/server/social/follows.service.ts';
import { updateProfile } from '../../../src/server/social/profile.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeMedia, makePin, makeUser, withCountedTestApp } from '../../support/factories.ts';
import { answered, makeToken, v5 } from './helpers.ts';

describe.each(databaseKinds)('public API user account on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it("answers the token user's account: profile, picture and counts", async () => {
    const user = await makeUser(t.deps, 'v5account');
    const fan = await makeUser(t.deps, 'v5fan');
    await updateProfile(t.deps, user.actor, { about: 'I pin soups.', website_url: 'https://soups.example', image_media_id: await makeMedia(t.deps, user) });
    const board = await makeBoard(t.deps, user);
    await makePin(t.deps, user, board);
    await makePin(t.deps, user, board);
    await followUser(t.deps, fan.actor, user.id);
    const account = answered<Record<string, unknown>>(
      await v5(t, 'GET', { path: '/user_account', token: await makeToken(t, user, ['user_accounts:read']) }),
      200,
    );
    expect(account).toMatchObject({
      id: user.id,
      username: user.username,
      account_type: 'PINNER',
      business_name: null,
      about: 'I pin soups.',
      website_url: 'https://soups.example',
      board_count: 1,
      pin_count: 2,
      follower_count: 1,
      following_count: 0,
      monthly_views: null,
    });
    expect(account['profile_image']).toMatch(/^http.*\/media\//);
  });

  it('a partner account is a BUSINESS account with its business name; a new account has zero counts and no picture', async () => {
    const shop = await makeUser(t.deps, 'v5shop');
    await t.deps.db.updateTable('users').set({ is_partner: 1, business_name: 'Soup & Co' }).where('id', '=', shop.id).execute();
    const account = answered<Record<string, unknown>>(await v5(t, 'GET', { path: '/user_account', token: await makeToken(t, shop) }), 200);
    expect(account).toMatchObject({ account_type: 'BUSINESS', business_name: 'Soup & Co', about: '', board_count: 0, pin_count: 0, follower_count: 0 });
    expect(account).not.toHaveProperty('profile_image');
    expect(account).not.toHaveProperty('website_url');
  });
});
