import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAccount, Viewer } from '../../../src/shared/viewer.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { failed, ok } from '../boards/helpers.ts';

/** Several accounts in one browser: add, switch, log out of one (UserSessionResource). */
describe.each(databaseKinds)('session accounts on %s', (kind) => {
  let t: TestApp;
  let emails = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (browser: TestClient) => (await browser.get('/v3/users/me/')).json<{ data: Viewer }>().data;
  const accounts = async (browser: TestClient) =>
    ok<{ session_accounts: SessionAccount[] }>(await browser.resource('UserSessionResource', 'create', { session_accounts: true })).session_accounts;
  const signedIn = async (browser: TestClient) =>
    (await accounts(browser))
      .filter((a) => a.logged_in)
      .map((a) => a.email)
      .toSorted();

  /** A browser signed up as one account, then adding a second with add_account. */
  async function twoAccounts() {
    emails += 1;
    const [first, second] = [`first${emails}-${kind}@example.com`, `second${emails}-${kind}@example.com`];
    const browser = t.client();
    await browser.signUp(first);
    await browser.signUp(second);
    // A plain sign-in replaces the session; adding keeps it.
    expect(await signedIn(browser)).toEqual([second]);
    await browser.logIn(first);
    const handshake = await browser.post('/v3/login/handshake/', { username_or_email: second, password: 'correct horse battery' });
    ok(await browser.resource('HandshakeSessionResource', 'create', { token: handshake.json<{ data: string }>().data, add_account: true }));
    return { browser, first, second };
  }

  it('adding an account keeps the first signed in; switching needs no password', async () => {
    const { browser, first, second } = await twoAccounts();
    expect((await me(browser)).email).toBe(second);
    expect(await signedIn(browser)).toEqual([first, second].toSorted());
    const firstId = (await accounts(browser)).find((a) => a.email === first)?.id ?? '';
    expect(ok<Viewer>(await browser.resource('UserSessionResource', 'update', { user_id: firstId })).email).toBe(first);
    expect((await me(browser)).email).toBe(first);
    expect(await signedIn(browser)).toEqual([first, second].toSorted());
    // The new session's CSRF token came with it: writes go on working.
    ok(await browser.resource('CookieConsentResource', 'update', { consent: 'reject_all' }));
  });

  it('logging out of one keeps the other signed in, and it becomes the active one', async () => {
    const { browser, first, second } = await twoAccounts();
    ok(await browser.logOut());
    expect((await me(browser)).email).toBe(first);
    expect(await signedIn(browser)).toEqual([first]);
    const gone = (await accounts(browser)).find((a) => a.email === second)?.id ?? '';
    failed(await browser.resource('UserSessionResource', 'update', { user_id: gone }), 404);
    ok(await browser.logOut());
    expect((await browser.get('/v3/users/me/')).statusCode).toBe(401);
  });

  it('bad input and strangers: 400 or 404, nothing changes; a visitor is asked to sign in', async () => {
    const { browser, second } = await twoAccounts();
    for (const bad of [{}, { user_id: 'me' }, { user_id: 12 }]) failed(await browser.resource('UserSessionResource', 'update', bad), 400);
    const other = t.client();
    await other.signUp(`stranger${emails}-${kind}@example.com`);
    const strangerId = (await me(other)).id;
    failed(await browser.resource('UserSessionResource', 'update', { user_id: strangerId }), 404);
    expect((await me(browser)).email).toBe(second);
    const visitor = t.client();
    await visitor.ensureCsrf();
    failed(await visitor.resource('UserSessionResource', 'update', { user_id: strangerId }), 401);
    // A forged waiting-sessions cookie holds nothing of ours: nothing to switch to.
    visitor.jar.set('corkboard_accounts', 'not-a-session-id-of-ours.x');
    expect(await signedIn(visitor)).toEqual([]);
  });
});
