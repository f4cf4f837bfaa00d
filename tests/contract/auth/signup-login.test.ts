import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { accountTables, cookieOf, verificationPath, type RestError } from './helpers.ts';

describe.each(databaseKinds)('sign-up and login on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  it('sign-up, verification mail, verify link, logout, login, /v3/users/me/', async () => {
    const browser = t.client('10.0.0.1');
    const session = await browser.signUp('Jane.Doe@Example.com', 'correct horse battery', { first_name: 'Jane', last_name: 'Doe' });
    const viewer = session.json<{ resource_response: { data: { email: string; email_verified: boolean; username: string } } }>().resource_response.data;
    expect(viewer).toMatchObject({ email: 'jane.doe@example.com', email_verified: false, username: 'janedoe' });

    const link = await verificationPath(t, 'jane.doe@example.com');
    const verified = await browser.get(link);
    expect(verified.statusCode).toBe(302);
    expect(verified.headers.location).toBe('/?email_verified=1');

    expect((await browser.logOut()).statusCode).toBe(200);
    expect((await browser.get('/v3/users/me/')).statusCode).toBe(401);

    await browser.logIn('  jane.doe@example.com  ');
    const me = await browser.get('/v3/users/me/?fields=user.full_name,user.email');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      status: 'success',
      data: {
        email: 'jane.doe@example.com',
        full_name: 'Jane Doe',
        first_name: 'Jane',
        email_verified: true,
        has_password: true,
        login_state: 'full',
        allow_marketing_cookies: false,
        is_name_eligible_for_lead_form_autofill: true,
        is_email_eligible_for_lead_form_autofill: true,
      },
    });
  });

  it('takes the BCP 47 tag en-US and keeps it as en_US; an unknown language is a 400 that creates nothing', async () => {
    const browser = t.client('10.0.0.9');
    await browser.signUp('bcp47@example.com', 'correct horse battery', { locale: 'en-US' });
    const stored = await t.deps.db.selectFrom('users').select('locale').where('email', '=', 'bcp47@example.com').executeTakeFirstOrThrow();
    expect(stored.locale).toBe('en_US');

    const other = t.client('10.0.0.9');
    await other.ensureCsrf();
    const refused = await other.post('/v3/register/email/handshake/', { email: 'klingon@example.com', password: 'correct horse battery', locale: 'tlh-KX' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<RestError>().message).toContain('Please choose a language.');
    const none = await t.deps.db.selectFrom('users').select('id').where('email', '=', 'klingon@example.com').executeTakeFirst();
    expect(none).toBeUndefined();
  });

  it('logs in by username too', async () => {
    const browser = t.client('10.0.0.2');
    await browser.signUp('by-username@example.com', 'correct horse battery', { username: 'ByUsername' });
    await browser.logOut();
    await browser.logIn('byusername');
    expect((await browser.get('/v3/users/me/')).json()).toMatchObject({ data: { username: 'byusername' } });
  });

  it('a wrong password and an unknown account get the same 401 answer', async () => {
    const browser = t.client('10.0.0.3');
    await browser.signUp('wrong-pass@example.com');
    await browser.logOut();
    const wrong = await browser.post('/v3/login/handshake/', { username_or_email: 'wrong-pass@example.com', password: 'not the password' });
    const unknown = await browser.post('/v3/login/handshake/', { username_or_email: 'nobody@example.com', password: 'not the password' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ status: 'failure', message: 'The password you entered is incorrect.' });
    }
    expect(wrong.json<RestError>().code).toBe(unknown.json<RestError>().code);
  });

  it('a taken email answers 409, whatever its case, and creates nothing', async () => {
    await t.client('10.0.0.4').signUp('taken@example.com');
    const other = t.client('10.0.0.4');
    await other.ensureCsrf();
    const before = await accountTables(t);
    const again = await other.post('/v3/register/email/handshake/', { email: 'TAKEN@example.com', password: 'another password' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 'failure', message: 'That email is already registered.' });
    expect(await accountTables(t)).toBe(before);
  });

  it('under 13 by birthday is refused with the age-restriction cookie, and so is the retry', async () => {
    const browser = t.client('10.0.0.5');
    await browser.ensureCsrf();
    const before = await accountTables(t);
    const young = new Date();
    young.setUTCFullYear(young.getUTCFullYear() - 12);
    const first = await browser.post('/v3/register/email/handshake/', {
      email: 'kid@example.com',
      password: 'correct horse battery',
      birthday: young.toISOString().slice(0, 10),
    });
    expect(first.statusCode).toBe(403);
    expect(cookieOf(first, 'age_restricted')).toMatchObject({ value: '1', maxAge: 86400 });
    const retry = await browser.post('/v3/register/email/handshake/', { email: 'kid@example.com', password: 'correct horse battery', birthday: '1990-01-01' });
    expect(retry.statusCode).toBe(403);
    expect(await accountTables(t)).toBe(before);
  });

  it('refuses passwords that break the rules with their message', async () => {
    const browser = t.client('10.0.0.6');
    await browser.ensureCsrf();
    const cases: [string, string][] = [
      ['', 'Required'],
      ['pässwörd-long', 'Oops! Your password can only have letters, numbers and basic symbols.'],
      ['short', 'too short'],
      ['x'.repeat(257), 'too long'],
    ];
    for (const [password, message] of cases) {
      const response = await browser.post('/v3/register/email/handshake/', { email: 'rules@example.com', password });
      expect(response.statusCode).toBe(400);
      expect(response.json<RestError>().message).toContain(message);
    }
    const badEmail = await browser.post('/v3/register/email/handshake/', { email: 'not-an-email', password: 'correct horse battery' });
    expect(badEmail.json<RestError>().message).toContain('Please enter a valid email address');
  });

  it('stores passwords as argon2id PHC strings, never the password', async () => {
    await t.client('10.0.0.7').signUp('hashing@example.com', 'correct horse battery');
    const row = await t.deps.db.selectFrom('users').select('password_hash').where('email', '=', 'hashing@example.com').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(row.password_hash).not.toContain('correct horse');
  });

  it('derives distinct usernames for the same local part', async () => {
    await t.client('10.0.0.8').signUp('sam@one.example.com');
    await t.client('10.0.0.8').signUp('sam@two.example.com');
    const rows = await t.deps.db.selectFrom('users').select('username').where('email', 'like', 'sam@%').execute();
    const names = rows.map((r) => r.username);
    expect(names).toContain('sam');
    expect(new Set(names).size).toBe(2);
  });

  it('partner sign-up needs a business name, which is also the first name', async () => {
    const browser = t.client('10.0.0.9');
    await browser.ensureCsrf();
    const missing = await browser.post('/v3/register/partner/handshake/', { email: 'shop@example.com', password: 'correct horse battery' });
    expect(missing.statusCode).toBe(400);
    const handshake = await browser.post('/v3/register/partner/handshake/', {
      email: 'shop@example.com',
      password: 'correct horse battery',
      business_name: 'Acme Pins',
    });
    expect(handshake.statusCode).toBe(200);
    expect(handshake.json()).toMatchObject({ status: 'success', code: 0, data: expect.any(String) as unknown });
    const session = await browser.resource('HandshakeSessionResource', 'create', { token: handshake.json<{ data: string }>().data, isRegistration: true });
    expect(session.json()).toMatchObject({ resource_response: { data: { is_partner: true, first_name: 'Acme Pins', full_name: 'Acme Pins' } } });
  });

  it('a handshake token works once', async () => {
    const browser = t.client('10.0.0.10');
    await browser.ensureCsrf();
    const handshake = await browser.post('/v3/register/email/handshake/', { email: 'once@example.com', password: 'correct horse battery' });
    const token = handshake.json<{ data: string }>().data;
    expect((await browser.resource('HandshakeSessionResource', 'create', { token })).statusCode).toBe(200);
    const again = t.client('10.0.0.10');
    await again.ensureCsrf();
    expect((await again.resource('HandshakeSessionResource', 'create', { token })).statusCode).toBe(401);
  });

  it('a verification link works once; a bad one redirects with email_verified=0', async () => {
    const browser = t.client('10.0.0.11');
    await browser.signUp('link-once@example.com');
    const link = await verificationPath(t, 'link-once@example.com');
    expect((await browser.get(link)).headers.location).toBe('/?email_verified=1');
    expect((await browser.get(link)).headers.location).toBe('/?email_verified=0');
    expect((await browser.get('/email/verify/?token=nonsense')).headers.location).toBe('/?email_verified=0');
    expect((await browser.get('/email/verify/')).headers.location).toBe('/?email_verified=0');
  });

  it('resend needs a signed-in account, mails a new link, refuses a verified one, and stops at 5 an hour', async () => {
    const visitor = t.client('10.0.0.12');
    await visitor.ensureCsrf();
    expect((await visitor.post('/v3/users/email/verify/resend/', {})).statusCode).toBe(401);

    const browser = t.client('10.0.0.12');
    await browser.signUp('resend@example.com');
    for (let i = 0; i < 5; i += 1) expect((await browser.post('/v3/users/email/verify/resend/', {})).statusCode).toBe(200);
    const limited = await browser.post('/v3/users/email/verify/resend/', {});
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const link = await verificationPath(t, 'resend@example.com', 6);
    expect((await browser.get(link)).headers.location).toBe('/?email_verified=1');

    const verifiedBrowser = t.client('10.0.0.13');
    await verifiedBrowser.logIn('resend@example.com');
    expect((await verifiedBrowser.post('/v3/users/email/verify/resend/', {})).statusCode).toBe(400);
  });
});
