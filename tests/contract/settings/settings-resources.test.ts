import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AccountSettings, InteractionSettings, NotificationSettings, PrivacySettings } from '../../../src/shared/contracts/settings.ts';
import type { Viewer } from '../../../src/shared/viewer.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';

const errorOf = (response: LightMyRequestResponse) => response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message;

type Area = { name: string; change: Record<string, unknown>; bad: Record<string, unknown>[] };

/** Every settings resource: a good change, bad ones, and who may read and change it. */
const AREAS: Area[] = [
  {
    name: 'AccountSettingsResource',
    change: { country: 'fr', locale: 'fr', gender: 'custom', custom_gender: 'Nonbinary' },
    bad: [
      {},
      { country: 'XX' },
      { locale: 'en-ZZ' },
      { gender: 'robot' },
      { gender: 'custom' },
      { username: 'a b' },
      { username: 'x' },
      { username: 'settings' },
      { country: 7 },
    ],
  },
  {
    name: 'PrivacySettingsResource',
    change: { is_private_profile: true, exclude_from_search: true, allow_analytic_cookies: true },
    bad: [{}, { is_private_profile: 'yes' }, { allow_marketing_cookies: 1 }],
  },
  {
    name: 'InteractionSettingsResource',
    change: { mention_audience: 'following', comment_audience: 'nobody', message_audience: 'following', mention_notifications: false, contact_requests: false },
    bad: [{}, { mention_audience: 'friends' }, { contact_requests: 'no' }, { comment_audience: null }],
  },
  {
    name: 'NotificationSettingsResource',
    change: { saves: { email: false }, messages: { push: false, in_app: true } },
    bad: [{}, { saves: {} }, { saves: { fax: true } }, { gossip: { email: true } }, { saves: { email: 'off' } }],
  },
];

describe.each(databaseKinds)('settings resources on %s', (kind) => {
  let t: TestApp;
  let me: TestUser;
  let browser: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    me = await makeUser(t.deps, 'settler');
    browser = await signIn(t, me);
    return () => t.close();
  });

  const viewerOf = async (client: TestClient) => (await client.get('/v3/users/me/')).json<{ data: Viewer }>().data;

  it('a member who never changed a setting has the defaults: public, indexed, open to everyone, told everything, no consent', async () => {
    const fresh = await signIn(t, await makeUser(t.deps, 'fresh'));
    expect(ok<PrivacySettings>(await fresh.getResource('PrivacySettingsResource'))).toEqual({
      is_private_profile: false,
      exclude_from_search: false,
      allow_personalization_cookies: false,
      allow_analytic_cookies: false,
      allow_marketing_cookies: false,
    });
    expect(ok<InteractionSettings>(await fresh.getResource('InteractionSettingsResource'))).toEqual({
      mention_audience: 'everyone',
      comment_audience: 'everyone',
      message_audience: 'everyone',
      mention_notifications: true,
      contact_requests: true,
    });
    const notifications = ok<NotificationSettings>(await fresh.getResource('NotificationSettingsResource'));
    expect(Object.keys(notifications)).toEqual(['new_followers', 'saves', 'comments', 'mentions', 'board_invitations', 'messages']);
    for (const channels of Object.values(notifications)) expect(channels).toEqual({ in_app: true, email: true, push: true });
  });

  it.each(AREAS)('$name: a change is kept and answered; bad input is a 400 that changes nothing', async ({ name, change, bad }) => {
    const before = ok<Record<string, unknown>>(await browser.getResource(name));
    for (const options of bad) {
      const refused = await browser.resource(name, 'update', options);
      failed(refused, 400);
      expect(errorOf(refused)).not.toBe('');
    }
    expect(ok<Record<string, unknown>>(await browser.getResource(name))).toEqual(before);
    const after = ok<Record<string, unknown>>(await browser.resource(name, 'update', change));
    expect(after).not.toEqual(before);
    expect(ok<Record<string, unknown>>(await browser.getResource(name))).toEqual(after);
  });

  it.each(AREAS)('$name: a visitor is asked to sign in, a token is refused, another member changes only their own', async ({ name, change }) => {
    const visitor = await visitorClient(t);
    failed(await visitor.getResource(name), 401);
    failed(await visitor.resource(name, 'update', change), 401);

    const other = await makeUser(t.deps, 'other');
    const otherBrowser = await signIn(t, other);
    const mineBefore = ok<Record<string, unknown>>(await browser.getResource(name));
    const theirs = ok<Record<string, unknown>>(await otherBrowser.resource(name, 'update', change));
    expect(ok<Record<string, unknown>>(await browser.getResource(name))).toEqual(mineBefore);
    expect(ok<Record<string, unknown>>(await otherBrowser.getResource(name))).toEqual(theirs);

    const created = ok<{ token: string }>(
      await browser.resource('PersonalAccessTokenResource', 'create', { name: `settings ${name}`, scopes: ['user_accounts:read'] }),
    );
    const byToken = await t.app.inject({
      method: 'GET',
      url: `/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options: {}, context: {} }))}`,
      headers: { authorization: `Bearer ${created.token}` },
    });
    expect(byToken.statusCode).toBe(403);
  });

  it('account: country, language and a custom gender reach the viewer; another gender forgets the custom word', async () => {
    const member = await signIn(t, await makeUser(t.deps, 'gendered'));
    ok(await member.resource('AccountSettingsResource', 'update', { country: 'de', locale: 'de', gender: 'custom', custom_gender: '  Agender ' }));
    expect(await viewerOf(member)).toMatchObject({ country: 'DE', locale: 'de', gender: 'custom', custom_gender: 'Agender' });
    failed(await member.resource('AccountSettingsResource', 'update', { gender: 'female', custom_gender: 'x' }), 400);
    const female = ok<AccountSettings>(await member.resource('AccountSettingsResource', 'update', { gender: 'female' }));
    expect(female).toMatchObject({ gender: 'female', custom_gender: null });
    failed(await member.resource('AccountSettingsResource', 'update', { custom_gender: 'Agender' }), 400);
  });

  it('account: a new username follows the sign-up rules, is refused when taken, and moves the profile', async () => {
    const renamer = await makeUser(t.deps, 'renamer');
    const member = await signIn(t, renamer);
    const taken = await member.resource('AccountSettingsResource', 'update', { username: me.username.toUpperCase() });
    failed(taken, 409);
    expect(errorOf(taken)).toBe('That username is taken.');
    const format = await member.resource('AccountSettingsResource', 'update', { username: 'no-dashes' });
    failed(format, 400);
    expect(errorOf(format)).toContain('Usernames can only contain letters, numbers and underscores.');
    expect((await viewerOf(member)).username).toBe(renamer.username);

    const name = `Renamed_${renamer.id.slice(-6)}`;
    expect(ok<AccountSettings>(await member.resource('AccountSettingsResource', 'update', { username: name })).username).toBe(name.toLowerCase());
    expect((await viewerOf(member)).username).toBe(name.toLowerCase());
    const visitor = await visitorClient(t);
    expect(
      (await visitor.get(`/resource/UserResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { username: name.toLowerCase() }, context: {} }))}`))
        .statusCode,
    ).toBe(200);
    const events = await t.deps.db.selectFrom('domain_events').select(['type', 'payload']).where('actor_id', '=', renamer.id).execute();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['account.username_changed', 'profile.changed', 'settings.changed']));
  });

  it('privacy: a private profile shows in the viewer; the consents are the cookie flags', async () => {
    const member = await signIn(t, await makeUser(t.deps, 'private'));
    ok(await member.resource('PrivacySettingsResource', 'update', { is_private_profile: true, allow_personalization_cookies: true }));
    expect(await viewerOf(member)).toMatchObject({ is_private_profile: true, allow_personalization_cookies: true, allow_analytic_cookies: false });
    ok(await member.resource('CookieConsentResource', 'update', { consent: 'reject_all' }));
    expect(ok<PrivacySettings>(await member.getResource('PrivacySettingsResource'))).toMatchObject({
      is_private_profile: true,
      allow_personalization_cookies: false,
    });
  });
});
