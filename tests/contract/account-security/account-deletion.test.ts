import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETION_GRACE_MS, purgeAccount } from '../../../src/server/users/account-deletion.job.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, memberActor, type TestUser } from '../../support/factories.ts';

const PASSWORD = 'correct horse battery';
type Body<T> = { resource_response: { data: T } };
type State = { scheduled: boolean; purge_at: string | null };

describe.each(databaseKinds)('deleting an account on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  /** A member with a password, a board, a pin with its picture, and an access token. */
  async function memberWithThings(email: string): Promise<{ browser: TestClient; user: TestUser; mediaKeys: string[]; token: string }> {
    addresses += 1;
    const browser = t.client(`10.19.5.${addresses}`);
    await browser.signUp(email, PASSWORD);
    const row = await t.deps.db.selectFrom('users').select(['id', 'username']).where('email', '=', email).executeTakeFirstOrThrow();
    const user = { id: row.id, username: row.username, actor: memberActor(row.id) };
    const board = await makeBoard(t.deps, user);
    const { pin } = await makePin(t.deps, user, board);
    const media = await t.deps.db
      .selectFrom('media')
      .select('images')
      .where('id', '=', pin.media_id ?? '')
      .executeTakeFirstOrThrow();
    const mediaKeys = Object.values(JSON.parse(media.images ?? '{}') as Record<string, { key: string }>).map((image) => image.key);
    const made = await browser.resource('PersonalAccessTokenResource', 'create', { name: 'script' });
    return { browser, user, mediaKeys, token: made.json<Body<{ token: string }>>().resource_response.data.token };
  }
  const profileStatus = async (username: string) => (await t.client('10.19.5.250').getResource('UserResource', { username })).statusCode;
  const request = (browser: TestClient, options: Record<string, unknown>) => browser.resource('AccountDeletionResource', 'create', options);
  const tables = async (userId: string) => {
    const db = t.deps.db;
    const [deletions, sessions, tokens] = await Promise.all([
      db.selectFrom('account_deletions').selectAll().where('user_id', '=', userId).execute(),
      db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute(),
      db.selectFrom('personal_access_tokens').select(['id', 'revoked_at']).where('user_id', '=', userId).execute(),
    ]);
    return JSON.stringify({ deletions, sessions, tokens });
  };

  it('asks the password; at once hides the profile, ends every session and token; purges after 14 days', async () => {
    const { browser, user, mediaKeys, token } = await memberWithThings('del-purge@example.com');
    expect(await profileStatus(user.username)).toBe(200);
    const asked = Date.now();
    const answer = await request(browser, { password: PASSWORD });
    expect(answer.statusCode).toBe(200);
    const state = answer.json<Body<State>>().resource_response.data;
    expect(state.scheduled).toBe(true);
    const purgeAt = Date.parse(state.purge_at ?? '');
    expect(purgeAt - asked).toBeGreaterThanOrEqual(DELETION_GRACE_MS - 1000);
    expect(purgeAt - asked).toBeLessThanOrEqual(DELETION_GRACE_MS + 5000);

    expect(await profileStatus(user.username)).toBe(404);
    expect((await browser.getResource('AccountDeletionResource')).statusCode).toBe(401);
    expect((await t.client().get('/v3/users/me/', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    expect((await t.waitForMail('del-purge@example.com', 2)).at(-1)?.subject).toBe('Your Corkboard account will be deleted');

    // The clock moved to a moment before the end of the grace period: nothing goes.
    expect(await purgeAccount(t.deps, user.id, purgeAt - 1)).toBe(false);
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
    for (const key of mediaKeys) expect(await t.deps.ports.blobs.head(key)).not.toBeNull();

    // And to its end: everything the member owned goes, files included, and the event says so.
    expect(await purgeAccount(t.deps, user.id, purgeAt)).toBe(true);
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    for (const table of ['boards', 'media'] as const) {
      expect(await t.deps.db.selectFrom(table).select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
    }
    expect(await t.deps.db.selectFrom('pins').select('id').where('creator_id', '=', user.id).execute()).toEqual([]);
    for (const key of mediaKeys) expect(await t.deps.ports.blobs.head(key)).toBeNull();
    const events = await t.deps.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', 'account.deleted').execute();
    expect(events.map((e) => JSON.parse(e.payload) as { userId: string })).toContainEqual(expect.objectContaining({ userId: user.id }));
    // Run again (a retried job): nothing left to do.
    expect(await purgeAccount(t.deps, user.id, purgeAt + 1)).toBe(false);
  });

  it('signing in during the grace period shows the deletion and cancels it; the purge then does nothing', async () => {
    const { browser, user } = await memberWithThings('del-cancel@example.com');
    const answer = await request(browser, { password: PASSWORD });
    const purgeAt = Date.parse(answer.json<Body<State>>().resource_response.data.purge_at ?? '');
    const again = t.client('10.19.5.240');
    await again.logIn('del-cancel@example.com');
    expect((await again.getResource('AccountDeletionResource')).json<Body<State>>().resource_response.data.scheduled).toBe(true);
    const cancelled = await again.resource('AccountDeletionResource', 'delete', {});
    expect(cancelled.json<Body<State>>().resource_response.data).toEqual({ scheduled: false, purge_at: null });
    expect(await profileStatus(user.username)).toBe(200);
    expect(await purgeAccount(t.deps, user.id, purgeAt + 1)).toBe(false);
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
    expect((await again.resource('AccountDeletionResource', 'delete', {})).statusCode).toBe(400);
  });

  it('a wrong password, a missing or wrong passcode, or bad input change nothing', async () => {
    const { browser, user } = await memberWithThings('del-refused@example.com');
    await browser.resource('ParentalPasscodeResource', 'create', { passcode: '8642', confirm_passcode: '8642' });
    const before = await tables(user.id);
    expect((await request(browser, { password: 'not my password', parental_passcode: '8642' })).statusCode).toBe(401);
    expect((await request(browser, { password: PASSWORD })).statusCode).toBe(403);
    expect((await request(browser, { password: PASSWORD, parental_passcode: '1111' })).statusCode).toBe(403);
    for (const options of [{}, { password: '' }, { password: 7 }, { password: PASSWORD, parental_passcode: '12' }]) {
      expect((await request(browser, options)).statusCode, JSON.stringify(options)).toBe(400);
    }
    expect(await tables(user.id)).toBe(before);
    expect(await profileStatus(user.username)).toBe(200);
    expect((await request(browser, { password: PASSWORD, parental_passcode: '8642' })).statusCode).toBe(200);
  });

  it('visitors and tokens cannot ask; another member cannot act on my deletion', async () => {
    const visitor = t.client('10.19.5.241');
    await visitor.ensureCsrf();
    expect((await request(visitor, { password: PASSWORD })).statusCode).toBe(401);
    expect((await visitor.resource('AccountDeletionResource', 'delete', {})).statusCode).toBe(401);
    const { browser, user, token } = await memberWithThings('del-owner@example.com');
    const byToken = await t.client('10.19.5.242').request({
      method: 'POST',
      url: '/resource/AccountDeletionResource/create/',
      payload: new URLSearchParams({ data: JSON.stringify({ options: { password: PASSWORD } }) }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${token}` },
    });
    expect(byToken.statusCode).toBe(403);
    await request(browser, { password: PASSWORD });
    const before = await tables(user.id);
    const other = (await memberWithThings('del-other@example.com')).browser;
    expect((await other.getResource('AccountDeletionResource')).json<Body<State>>().resource_response.data.scheduled).toBe(false);
    expect((await other.resource('AccountDeletionResource', 'delete', {})).statusCode).toBe(400);
    expect(await tables(user.id)).toBe(before);
  });
});
