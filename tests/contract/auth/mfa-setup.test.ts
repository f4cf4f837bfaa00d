import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../src/server/common/rate-limits.ts';
import { hashSecret } from '../../../src/server/common/secrets.ts';
import { base32Decode, newTotpSecret, totpAt } from '../../../src/server/auth/totp.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { accountTables, verificationPath, type ResourceBody } from './helpers.ts';

const PASSWORD = 'correct horse battery';
const SETUP = '/v3/users/me/mfa/setup/';
const CONFIRM = '/v3/users/me/mfa/setup/confirm/';
const DISABLE = '/v3/users/me/mfa/disable/';

/** The code of the step `offset` steps from now: +1 is still accepted and later than a code just spent. */
const codeAt = (secret: string, offset = 0) => totpAt(secret, Date.now() + offset * 30_000) ?? '';

/** A code no step of the window accepts. */
function wrongCode(secret: string): string {
  const window = new Set([-1, 0, 1, 2].map((offset) => codeAt(secret, offset)));
  return ['000000', '111111', '222222', '333333', '444444'].find((code) => !window.has(code)) ?? '555555';
}

type Setup = { secret: string; otpauth_uri: string };

describe.each(databaseKinds)('two-factor setup on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  /** A signed-in browser of a new account whose email is verified, from an address of its own. */
  async function verifiedMember(email: string): Promise<TestClient> {
    addresses += 1;
    const browser = t.client(`10.7.${addresses}.1`);
    await browser.signUp(email, PASSWORD);
    await browser.get(await verificationPath(t, email));
    return browser;
  }

  async function startSetup(browser: TestClient): Promise<Setup> {
    const response = await browser.post(SETUP, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Setup }>().data;
  }

  async function enable(browser: TestClient): Promise<string> {
    const { secret } = await startSetup(browser);
    const confirmed = await browser.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return secret;
  }

  const mfaColumns = (email: string) =>
    t.deps.db.selectFrom('users').select(['mfa_secret', 'mfa_last_step']).where('email', '=', email).executeTakeFirstOrThrow();

  const viewerOf = async (browser: TestClient) =>
    (await browser.get('/v3/users/me/')).json<{ data: { has_mfa_enabled: boolean; can_enable_mfa: boolean } }>().data;

  function expectFailure(response: LightMyRequestResponse, status: number, code?: number) {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ status: 'failure', ...(code === undefined ? {} : { code }) });
  }

  it('setup, confirmation, logout, then login with the code step; a spent code is refused', async () => {
    const browser = await verifiedMember('enrol@example.com');
    const elsewhere = t.client('10.7.200.1');
    await elsewhere.logIn('enrol@example.com', PASSWORD);
    expect(await viewerOf(browser)).toMatchObject({ can_enable_mfa: true, has_mfa_enabled: false });

    const { secret, otpauth_uri } = await startSetup(browser);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(otpauth_uri).toBe(`otpauth://totp/Corkboard:enrol%40example.com?secret=${secret}&issuer=Corkboard`);
    // Pending, not active: only its hash is stored, and login still needs no code.
    expect(await mfaColumns('enrol@example.com')).toEqual({ mfa_secret: null, mfa_last_step: null });
    const pending = await t.deps.db.selectFrom('one_time_tokens').selectAll().where('token_hash', '=', hashSecret(secret)).executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ purpose: 'mfa_setup', used_at: null });

    const code = codeAt(secret);
    expect((await browser.post(CONFIRM, { secret, code, password: PASSWORD })).statusCode).toBe(200);
    expect(await mfaColumns('enrol@example.com')).toMatchObject({ mfa_secret: secret });
    expect(await viewerOf(browser)).toMatchObject({ can_enable_mfa: false, has_mfa_enabled: true });
    // Every other session ended, as after a password change; this one goes on.
    expect((await elsewhere.get('/v3/users/me/')).statusCode).toBe(401);

    await browser.logOut();
    await browser.ensureCsrf();
    const first = await browser.post('/v3/login/handshake/', { username_or_email: 'enrol@example.com', password: PASSWORD });
    expectFailure(first, 401, 16);
    const token = first.json<{ extra_data: { token: string } }>().extra_data.token;
    // The confirming code was spent: it cannot open a session.
    expectFailure(await browser.post('/v3/login/mfa/handshake/', { token, mfa_token: code }), 401, 19);
    const second = await browser.post('/v3/login/mfa/handshake/', { token, mfa_token: codeAt(secret, 1) });
    expect(second.statusCode, second.body).toBe(200);
    const session = await browser.resource('HandshakeSessionResource', 'create', { token: second.json<{ data: string }>().data });
    expect(session.json<ResourceBody<{ email: string; has_mfa_enabled: boolean }>>().resource_response.data).toMatchObject({
      email: 'enrol@example.com',
      has_mfa_enabled: true,
    });
  });

  it('a wrong code, a wrong password, a secret it did not issue or an expired setup change nothing', async () => {
    const browser = await verifiedMember('wrong@example.com');
    const elsewhere = t.client('10.7.201.1');
    await elsewhere.logIn('wrong@example.com', PASSWORD);
    const other = await verifiedMember('other-setup@example.com');
    const theirs = await startSetup(other);
    const { secret } = await startSetup(browser);
    const before = await accountTables(t);

    expectFailure(await browser.post(CONFIRM, { secret, code: wrongCode(secret), password: PASSWORD }), 401, 19);
    expectFailure(await browser.post(CONFIRM, { secret, code: codeAt(secret), password: 'not my password' }), 401, 11);
    const madeUp = newTotpSecret();
    expectFailure(await browser.post(CONFIRM, { secret: madeUp, code: codeAt(madeUp), password: PASSWORD }), 401, 15);
    expectFailure(await browser.post(CONFIRM, { secret: theirs.secret, code: codeAt(theirs.secret), password: PASSWORD }), 401, 15);
    expect(await accountTables(t)).toBe(before);
    expect((await elsewhere.get('/v3/users/me/')).statusCode).toBe(200);

    await t.deps.db
      .updateTable('one_time_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecret(secret))
      .execute();
    expectFailure(await browser.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD }), 401, 15);
    expect(await accountTables(t)).toBe(before);

    // A new setup still works; the secret may come back grouped and lowercase, as people copy it.
    const fresh = await startSetup(browser);
    const grouped = fresh.secret.toLowerCase().replace(/(.{4})/g, '$1 ');
    expect((await browser.post(CONFIRM, { secret: grouped, code: codeAt(fresh.secret), password: PASSWORD })).statusCode).toBe(200);
  });

  it('starting needs a verified email, and two-factor authentication off', async () => {
    const browser = t.client('10.7.202.1');
    await browser.signUp('unverified@example.com', PASSWORD);
    expect(await viewerOf(browser)).toMatchObject({ can_enable_mfa: false });
    expectFailure(await browser.post(SETUP, {}), 403, 4);
    const on = await verifiedMember('already-on@example.com');
    const secret = await enable(on);
    expectFailure(await on.post(SETUP, {}), 409, 7);
    expectFailure(await on.post(CONFIRM, { secret, code: codeAt(secret, 1), password: PASSWORD }), 409, 7);
  });

  it('turning it off needs the password and an unspent code', async () => {
    const browser = await verifiedMember('disable@example.com');
    const secret = await enable(browser);
    const before = await accountTables(t);
    expectFailure(await browser.post(DISABLE, { password: 'not my password', code: codeAt(secret, 1) }), 401, 11);
    expectFailure(await browser.post(DISABLE, { password: PASSWORD, code: wrongCode(secret) }), 401, 19);
    // The code that turned it on was spent then.
    expectFailure(await browser.post(DISABLE, { password: PASSWORD, code: codeAt(secret) }), 401, 19);
    expectFailure(await browser.post(DISABLE, { password: PASSWORD }), 400, 1);
    expectFailure(await browser.post(DISABLE, { code: codeAt(secret, 1) }), 400, 1);
    expect(await accountTables(t)).toBe(before);

    expect((await browser.post(DISABLE, { password: PASSWORD, code: codeAt(secret, 1) })).statusCode).toBe(200);
    expect(await mfaColumns('disable@example.com')).toEqual({ mfa_secret: null, mfa_last_step: null });
    expect(await viewerOf(browser)).toMatchObject({ can_enable_mfa: true, has_mfa_enabled: false });
    expectFailure(await browser.post(DISABLE, { password: PASSWORD, code: codeAt(secret, 1) }), 400, 1);
    await t.client('10.7.203.1').logIn('disable@example.com', PASSWORD);
  });

  it('bearer tokens, limited sessions and visitors are refused', async () => {
    const browser = await verifiedMember('guarded@example.com');
    const created = await browser.resource('PersonalAccessTokenResource', 'create', { name: 'script' });
    const token = created.json<ResourceBody<{ token: string }>>().resource_response.data.token;
    const script = t.client('10.7.204.1');
    const bearer = { authorization: `Bearer ${token}` };
    expectFailure(await script.post(SETUP, {}, bearer), 403, 4);
    const { secret } = await startSetup(browser);
    expectFailure(await script.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD }, bearer), 403, 4);
    expectFailure(await script.post(DISABLE, { password: PASSWORD, code: codeAt(secret) }, bearer), 403, 4);

    await t.deps.db
      .updateTable('sessions')
      .set({ limited_login: 1 })
      .where('id_hash', '=', hashSecret(browser.jar.get('corkboard_sess') ?? ''))
      .execute();
    expectFailure(await browser.post(SETUP, {}), 403, 4);
    expectFailure(await browser.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD }), 403, 4);

    const visitor = t.client('10.7.205.1');
    await visitor.ensureCsrf();
    expectFailure(await visitor.post(SETUP, {}), 401, 2);
    expectFailure(await visitor.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD }), 401, 2);
    expect(await mfaColumns('guarded@example.com')).toEqual({ mfa_secret: null, mfa_last_step: null });
  });

  it(`confirmation attempts: ${RATE_LIMITS.mfaSettings.limit} per 15 minutes per account, then 429 even with the right code`, async () => {
    expect(RATE_LIMITS.mfaSettings).toEqual({ limit: 10, windowMs: 15 * 60 * 1000 });
    const browser = await verifiedMember('limited-guesses@example.com');
    const { secret } = await startSetup(browser);
    for (let i = 0; i < 10; i += 1) {
      expectFailure(await browser.post(CONFIRM, { secret, code: wrongCode(secret), password: PASSWORD }), 401, 19);
    }
    const blocked = await browser.post(CONFIRM, { secret, code: codeAt(secret), password: PASSWORD });
    expectFailure(blocked, 429, 10);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mfaColumns('limited-guesses@example.com')).toEqual({ mfa_secret: null, mfa_last_step: null });
  });

  it('hostile input never answers 5xx and changes nothing', async () => {
    const browser = await verifiedMember('hostile@example.com');
    const { secret } = await startSetup(browser);
    const before = await accountTables(t);
    const long = 'A'.repeat(100_000);
    const bodies: Record<string, string | string[]>[] = [
      {},
      { secret, code: '123456' },
      { secret: [secret, secret], code: '123456', password: PASSWORD },
      { secret, code: ['1', '2'], password: PASSWORD },
      { secret: long, code: '123456', password: PASSWORD },
      { secret, code: long, password: PASSWORD },
      { secret, code: '123456', password: long },
      { secret: 'é🙂\u202e', code: '１２３４５６', password: PASSWORD },
      { secret: '\u0001\u0002', code: '12\n3456', password: PASSWORD },
      { secret: ' ', code: ' ', password: ' ' },
      { secret: '====', code: '000000', password: PASSWORD },
    ];
    for (const url of [CONFIRM, DISABLE]) {
      for (const body of bodies) {
        const response = await browser.post(url, body);
        expect(response.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect(response.json()).toMatchObject({ status: 'failure', code: expect.any(Number) as unknown });
      }
      for (const payload of ['{"secret":{"$gt":""},"code":123456,"password":null}', '[1,2,3]', '"x"', 'null', '{']) {
        const response = await browser.request({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
        expect(response.statusCode, `${url} ${payload}`).toBeLessThan(500);
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
      const nul = await browser.post(url, { secret, code: '123456\u0000', password: PASSWORD });
      expect(nul.statusCode).toBe(400);
    }
    expect(await accountTables(t)).toBe(before);
    expect(t.errors).toEqual([]);
  });
});
