import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totpAt } from '../../../src/server/auth/totp.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

describe.each(databaseKinds)('two-factor login on %s', (kind) => {
  let t: TestApp;
  const secret = newTotpSecret();
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.client('10.5.0.1').signUp('mfa@example.com');
    await t.client('10.5.0.1').signUp('no-mfa@example.com');
    await t.deps.db.updateTable('users').set({ mfa_secret: secret }).where('email', '=', 'mfa@example.com').execute();
  });
  afterAll(async () => t.close());

  const credentials = { username_or_email: 'mfa@example.com', password: 'correct horse battery' };

  const sessionCount = async () =>
    (
      await t.deps.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select('id_hash')
        .where('users.email', '=', 'mfa@example.com')
        .execute()
    ).length;

  it('a password alone answers mfa_required with a pending token, and no session', async () => {
    const browser = t.client('10.5.0.2');
    await browser.ensureCsrf();
    const before = await sessionCount();
    const first = await browser.post('/v3/login/handshake/', credentials);
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({ status: 'failure', message: 'Enter the code from your authenticator app.' });
    const token = pendingToken(first.json());
    expect(token.length).toBeGreaterThan(20);
    expect((await browser.post('/v3/login/handshake/', { ...credentials, password: 'wrong password' })).statusCode).toBe(401);
    expect(await sessionCount()).toBe(before);
  });

  it('the MFA handshake takes the pending token and a current code; a replayed code fails', async () => {
    await t.deps.db.updateTable('users').set({ mfa_last_step: null }).where('email', '=', 'mfa@example.com').execute();
    const browser = t.client('10.5.0.3');
    await browser.ensureCsrf();
    const first = await browser.post('/v3/login/handshake/', credentials);
    const token = pendingToken(first.json());
    const wrongCode = totpAt(secret, Date.now()) === '000000' ? '111111' : '000000';
    const wrong = await browser.post('/v3/login/mfa/handshake/', { token, mfa_token: wrongCode });
    expect(wrong.statusCode).toBe(401);
    const code = totpAt(secret, Date.now()) ?? '';
    const ok = await browser.post('/v3/login/mfa/handshake/', { token, mfa_token: code });
    expect(ok.statusCode).toBe(200);
    const session = await browser.resource('HandshakeSessionResource', 'create', { token: ok.json<{ data: string }>().data });
    expect(session.json()).toMatchObject({ resource_response: { data: { email: 'mfa@example.com', has_mfa_enabled: true } } });

    const other = t.client('10.5.0.4');
    await other.ensureCsrf();
    const replay = await other.post('/v3/login/handshake/', { ...credentials, mfa_token: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ message: 'The code you entered is incorrect.' });
  });

  it('the code may come with the credentials in one call', async () => {
    await t.deps.db.updateTable('users').set({ mfa_last_step: null }).where('email', '=', 'mfa@example.com').execute();
    const browser = t.client('10.5.0.5');
    await browser.ensureCsrf();
    const ok = await browser.post('/v3/login/handshake/', { ...credentials, mfa_token: totpAt(secret, Date.now()) ?? '' });
    expect(ok.statusCode).toBe(200);
  });

  it('the MFA handshake for an account without MFA is a bad request', async () => {
    const browser = t.client('10.5.0.6');
    await browser.ensureCsrf();
    const response = await browser.post('/v3/login/mfa/handshake/', {
      username_or_email: 'no-mfa@example.com',
      password: 'correct horse battery',
      mfa_token: '123456',
    });
    expect(response.statusCode).toBe(400);
  });
});

function pendingToken(body: unknown): string {
  const token = (body as { extra_data?: { token?: string } }).extra_data?.token;
  if (!token) throw new Error(`no pending token in ${JSON.stringify(body)}`);
  return token;
}
