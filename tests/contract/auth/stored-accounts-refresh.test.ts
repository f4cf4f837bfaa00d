import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionAccount, Viewer } from '../../../src/shared/viewer.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { ok } from '../boards/helpers.ts';

/**
 * GET /refresh_stored_accounts (viewer spec section 7) checks every other account waiting in the
 * browser: a session that ended is dropped from the waiting-sessions cookie and shows signed out;
 * a live one stays. The viewer also says whether a parental passcode is set.
 */
describe.each(databaseKinds)('stored accounts refresh and the viewer on %s', (kind) => {
  let t: TestApp;
  let emails = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
  });
  afterAll(async () => {
    await t.close();
  });

  const me = async (browser: TestClient) => (await browser.get('/v3/users/me/')).json<{ data: Viewer }>().data;
  const refresh = async (browser: TestClient) => {
    const response = await browser.get('/refresh_stored_accounts');
    expect(response.statusCode).toBe(200);
    return { response, accounts: response.json<{ data: { session_accounts: SessionAccount[] } }>().data.session_accounts };
  };
  const signedIn = (accounts: SessionAccount[]) =>
    accounts
      .filter((a) => a.logged_in)
      .map((a) => a.email)
      .toSorted();

  /** A browser signed in to two accounts: `second` active, `first` waiting. */
  async function twoAccounts() {
    emails += 1;
    const [first, second] = [`keep${emails}-${kind}@example.com`, `active${emails}-${kind}@example.com`];
    const browser = t.client();
    await browser.signUp(second);
    await browser.signUp(first);
    const handshake = await browser.post('/v3/login/handshake/', { username_or_email: second, password: 'correct horse battery' });
    ok(await browser.resource('HandshakeSessionResource', 'create', { token: handshake.json<{ data: string }>().data, add_account: true }));
    return { browser, first, second };
  }

  it('a waiting account whose session still lives stays, and shows signed in', async () => {
    const { browser, first, second } = await twoAccounts();
    const cookie = browser.jar.get('corkboard_accounts');
    expect(cookie).toBeTruthy();
    const { response, accounts } = await refresh(browser);
    expect(signedIn(accounts)).toEqual([first, second].toSorted());
    expect(response.cookies.map((c) => c.name)).not.toContain('corkboard_accounts');
    expect(browser.jar.get('corkboard_accounts')).toBe(cookie);
  });

  it('a waiting account whose session ended is dropped from the cookie and shows signed out', async () => {
    const { browser, first, second } = await twoAccounts();
    const firstId = (await t.deps.db.selectFrom('users').select('id').where('email', '=', first).executeTakeFirstOrThrow()).id;
    // Ended elsewhere: a password change or "sign out everywhere" deletes the account's sessions.
    await t.deps.db.deleteFrom('sessions').where('user_id', '=', firstId).execute();
    const { accounts } = await refresh(browser);
    expect(signedIn(accounts)).toEqual([second]);
    expect(browser.jar.has('corkboard_accounts')).toBe(false);
    expect((await me(browser)).email).toBe(second);
  });

  it('a forged or foreign cookie is dropped without an error; a visitor gets an empty list', async () => {
    const { browser, second } = await twoAccounts();
    browser.jar.set('corkboard_accounts', 'not-a-session-id-of-ours.x');
    expect(signedIn((await refresh(browser)).accounts)).toEqual([second]);
    expect(browser.jar.has('corkboard_accounts')).toBe(false);
    const visitor = t.client();
    visitor.jar.set('corkboard_accounts', 'x'.repeat(5000));
    expect((await refresh(visitor)).accounts).toEqual([]);
  });

  it('the viewer says whether a parental passcode is set, and follows its removal', async () => {
    const browser = t.client();
    emails += 1;
    await browser.signUp(`parent${emails}-${kind}@example.com`);
    expect((await me(browser)).has_parental_control_passcode).toBe(false);
    ok(await browser.resource('ParentalPasscodeResource', 'create', { passcode: '2468', confirm_passcode: '2468' }));
    expect((await me(browser)).has_parental_control_passcode).toBe(true);
    ok(await browser.resource('ParentalPasscodeResource', 'delete', { passcode: '2468' }));
    expect((await me(browser)).has_parental_control_passcode).toBe(false);
  });
});
