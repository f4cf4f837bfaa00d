import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../../src/server/common/secrets.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { cookieOf, verificationPath, type ResourceBody } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databaseKinds)('sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  const sessionRow = async (sessionId: string) => t.deps.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashSecret(sessionId)).executeTakeFirst();

  it('hands out csrftoken on the first response and an HttpOnly Lax session cookie at sign-in', async () => {
    const browser = t.client('10.1.0.1');
    const first = await browser.get('/healthz');
    expect(cookieOf(first, 'csrftoken')).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookieOf(first, 'csrftoken')?.httpOnly).toBeFalsy();
    const session = await browser.signUp('cookies@example.com');
    expect(cookieOf(session, 'corkboard_sess')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86400 });
    expect(cookieOf(session, 'corkboard_sess')?.secure).toBeFalsy();
    // A new CSRF token comes with the session, bound to it.
    const csrf = cookieOf(session, 'csrftoken')?.value ?? '';
    expect((await sessionRow(browser.jar.get('corkboard_sess') ?? ''))?.csrf_secret).toBe(csrf);
  });

  it('stores only the SHA-256 of the session id', async () => {
    const browser = t.client('10.1.0.2');
    await browser.signUp('hashed-session@example.com');
    const sessionId = browser.jar.get('corkboard_sess') ?? '';
    expect(Buffer.from(sessionId, 'base64url')).toHaveLength(32);
    expect(await sessionRow(sessionId)).toBeDefined();
    const raw = await t.deps.db.selectFrom('sessions').select('id_hash').where('id_hash', '=', sessionId).executeTakeFirst();
    expect(raw).toBeUndefined();
  });

  it('a session cookie is worthless after logout', async () => {
    const browser = t.client('10.1.0.3');
    await browser.signUp('logout@example.com');
    const stolen = browser.jar.get('corkboard_sess') ?? '';
    const logout = await browser.logOut();
    expect(logout.json()).toMatchObject({ resource_response: { status: 'success' } });
    expect(cookieOf(logout, 'corkboard_sess')?.maxAge).toBe(0);
    expect(await sessionRow(stolen)).toBeUndefined();
    const replay = t.client('10.1.0.3');
    replay.jar.set('corkboard_sess', stolen);
    expect((await replay.get('/v3/users/me/')).statusCode).toBe(401);
  });

  it('signing in again rotates the session: the previous one of the browser ends', async () => {
    const browser = t.client('10.1.0.4');
    await browser.signUp('rotate@example.com');
    const before = browser.jar.get('corkboard_sess') ?? '';
    await browser.logIn('rotate@example.com');
    const after = browser.jar.get('corkboard_sess') ?? '';
    expect(after).not.toBe(before);
    expect(await sessionRow(before)).toBeUndefined();
    expect(await sessionRow(after)).toBeDefined();
  });

  it('an expired session is a visitor, and its cookie is cleared', async () => {
    const browser = t.client('10.1.0.5');
    await browser.signUp('expired@example.com');
    const sessionId = browser.jar.get('corkboard_sess') ?? '';
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('id_hash', '=', hashSecret(sessionId))
      .execute();
    const me = await browser.get('/v3/users/me/');
    expect(me.statusCode).toBe(401);
    expect(cookieOf(me, 'corkboard_sess')?.maxAge).toBe(0);
  });

  it('activity slides the expiry to 30 days from now', async () => {
    const browser = t.client('10.1.0.6');
    await browser.signUp('sliding@example.com');
    const idHash = hashSecret(browser.jar.get('corkboard_sess') ?? '');
    const old = Date.now() - 2 * DAY;
    await t.deps.db
      .updateTable('sessions')
      .set({ last_seen_at: old, expires_at: old + 30 * DAY })
      .where('id_hash', '=', idHash)
      .execute();
    const me = await browser.get('/v3/users/me/');
    expect(me.statusCode).toBe(200);
    expect(cookieOf(me, 'corkboard_sess')?.maxAge).toBe(30 * 86400);
    const row = await t.deps.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThan(Date.now() + 30 * DAY - 60_000);
  });

  it('GET /refresh_token extends the session; a visitor gets 401', async () => {
    const browser = t.client('10.1.0.7');
    await browser.signUp('refresh@example.com');
    const idHash = hashSecret(browser.jar.get('corkboard_sess') ?? '');
    await t.deps.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() + DAY })
      .where('id_hash', '=', idHash)
      .execute();
    expect((await browser.get('/refresh_token')).statusCode).toBe(200);
    const row = await t.deps.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirstOrThrow();
    expect(row.expires_at).toBeGreaterThan(Date.now() + 29 * DAY);
    expect((await t.client('10.1.0.7').get('/refresh_token')).statusCode).toBe(401);
  });

  it('GET /refresh_token writes nothing when the lifetime was renewed within the hour', async () => {
    const browser = t.client('10.1.0.9');
    await browser.signUp('refresh-often@example.com');
    const idHash = hashSecret(browser.jar.get('corkboard_sess') ?? '');
    const recent = Date.now() + 30 * DAY - 60_000;
    await t.deps.db.updateTable('sessions').set({ expires_at: recent }).where('id_hash', '=', idHash).execute();
    expect((await browser.get('/refresh_token')).statusCode).toBe(200);
    const row = await t.deps.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirstOrThrow();
    expect(row.expires_at).toBe(recent);
  });

  it('session_accounts lists the accounts of this browser, the signed-in one marked', async () => {
    const browser = t.client('10.1.0.8');
    await browser.signUp('first-account@example.com');
    await browser.signUp('second-account@example.com');
    type Accounts = { session_accounts: { email: string; logged_in: boolean }[] };
    const listed = (await browser.resource('UserSessionResource', 'create', { session_accounts: true })).json<ResourceBody<Accounts>>();
    expect(listed.resource_response.data.session_accounts).toEqual([
      expect.objectContaining({ email: 'second-account@example.com', logged_in: true }),
      expect.objectContaining({ email: 'first-account@example.com', logged_in: false }),
    ]);
    await browser.logOut();
    const stored = (await browser.get('/refresh_stored_accounts')).json<{ data: Accounts }>();
    expect(stored.data.session_accounts.map((a) => a.logged_in)).toEqual([false, false]);
    expect((await t.client('10.1.0.8').get('/refresh_stored_accounts')).json()).toMatchObject({ data: { session_accounts: [] } });
  });

  it('changing the password ends every other session of the account', async () => {
    const laptop = t.client('10.1.0.9');
    await laptop.signUp('change-pass@example.com', 'old password 1');
    const phone = t.client('10.1.0.9');
    await phone.logIn('change-pass@example.com', 'old password 1');
    const wrong = await laptop.request({ method: 'PUT', url: '/v3/users/me/password/', payload: { old_password: 'nope', new_password: 'new password 2' } });
    expect(wrong.statusCode).toBe(401);
    const changed = await laptop.request({
      method: 'PUT',
      url: '/v3/users/me/password/',
      payload: { old_password: 'old password 1', new_password: 'new password 2' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await laptop.get('/v3/users/me/')).statusCode).toBe(200);
    expect((await phone.get('/v3/users/me/')).statusCode).toBe(401);
    await laptop.logOut();
    await laptop.logIn('change-pass@example.com', 'new password 2');
  });

  it('limited login: an email unverified for more than 7 days signs in limited until verified', async () => {
    const browser = t.client('10.1.0.10');
    await browser.signUp('late@example.com');
    await t.deps.db
      .updateTable('users')
      .set({ created_at: Date.now() - 8 * DAY })
      .where('email', '=', 'late@example.com')
      .execute();
    await browser.logOut();
    await browser.logIn('late@example.com');
    expect((await browser.get('/v3/users/me/')).json()).toMatchObject({ data: { login_state: 'limited' } });
    expect((await browser.resource('PersonalAccessTokenResource', 'create', { name: 'script' })).statusCode).toBe(403);
    await browser.get(await verificationPath(t, 'late@example.com'));
    expect((await browser.get('/v3/users/me/')).json()).toMatchObject({ data: { login_state: 'full', email_verified: true } });
  });
});

describe('cookies over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { env: { PUBLIC_URL: 'https://corkboard.test' } });
  });
  afterAll(async () => t.close());

  it('the session cookie is __Host-corkboard_sess and Secure; csrftoken is Secure', async () => {
    const browser = t.client();
    const session = await browser.signUp('secure@example.com');
    expect(cookieOf(session, '__Host-corkboard_sess')).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
    expect(cookieOf(session, 'corkboard_sess')).toBeUndefined();
    expect(cookieOf(session, 'csrftoken')?.secure).toBe(true);
    expect((await browser.get('/v3/users/me/')).statusCode).toBe(200);
  });

  it('verification links point at the public URL', async () => {
    await t.client().signUp('secure-link@example.com');
    const [mail] = await t.waitForMail('secure-link@example.com');
    expect(mail?.text).toContain('https://corkboard.test/email/verify/?token=');
  });
});
