import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpAt } from '../../../src/server/auth/totp.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { verificationPath } from '../auth/helpers.ts';

const PASSWORD = 'correct horse battery';
type Body<T> = { resource_response: { data: T } };

describe.each(databaseKinds)('two-factor recovery codes on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  /** A verified member who turned two-factor on; answers the codes the confirmation showed. */
  async function withMfa(email: string): Promise<{ browser: TestClient; codes: string[]; secret: string }> {
    addresses += 1;
    const browser = t.client(`10.19.2.${addresses}`);
    await browser.signUp(email, PASSWORD);
    await browser.get(await verificationPath(t, email));
    const { secret } = (await browser.post('/v3/users/me/mfa/setup/', {})).json<{ data: { secret: string } }>().data;
    const confirmed = await browser.post('/v3/users/me/mfa/setup/confirm/', { secret, code: totpAt(secret, Date.now()) ?? '', password: PASSWORD });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { browser, codes: confirmed.json<{ data: { recovery_codes: string[] } }>().data.recovery_codes, secret };
  }

  const storedCodes = (email: string) =>
    t.deps.db
      .selectFrom('mfa_recovery_codes')
      .innerJoin('users', 'users.id', 'mfa_recovery_codes.user_id')
      .select(['code_hash', 'used_at'])
      .where('users.email', '=', email)
      .orderBy('code_hash')
      .execute();

  async function logInWith(email: string, code: string) {
    const browser = t.client(`10.19.2.${100 + addresses}`);
    await browser.ensureCsrf();
    return browser.post('/v3/login/handshake/', { username_or_email: email, password: PASSWORD, mfa_token: code });
  }

  it('turning two-factor on shows ten codes once, kept only as hashes', async () => {
    const { browser, codes } = await withMfa('rc-on@example.com');
    expect(codes).toHaveLength(10);
    const stored = await storedCodes('rc-on@example.com');
    expect(stored).toHaveLength(10);
    const text = JSON.stringify(stored);
    for (const code of codes) expect(text).not.toContain(code.replace('-', ''));
    expect((await browser.getResource('MfaRecoveryCodesResource')).json<Body<{ remaining: number }>>().resource_response.data.remaining).toBe(10);
  });

  it('the login’s second step takes a recovery code once, in any case', async () => {
    const { browser, codes } = await withMfa('rc-login@example.com');
    const code = codes[3] ?? '';
    expect((await logInWith('rc-login@example.com', code.toUpperCase())).statusCode).toBe(200);
    expect((await logInWith('rc-login@example.com', code)).statusCode).toBe(401);
    expect((await browser.getResource('MfaRecoveryCodesResource')).json<Body<{ remaining: number }>>().resource_response.data.remaining).toBe(9);
    expect((await logInWith('rc-login@example.com', 'abcde-fghjk')).statusCode).toBe(401);
  });

  it('regenerating needs the password, voids the old codes and shows ten new ones', async () => {
    const { browser, codes } = await withMfa('rc-new@example.com');
    const before = await storedCodes('rc-new@example.com');
    const wrong = await browser.resource('MfaRecoveryCodesResource', 'create', { password: 'not my password' });
    expect(wrong.statusCode).toBe(401);
    expect(await storedCodes('rc-new@example.com')).toEqual(before);
    const fresh = await browser.resource('MfaRecoveryCodesResource', 'create', { password: PASSWORD });
    expect(fresh.statusCode).toBe(200);
    const newCodes = fresh.json<Body<{ codes: string[] }>>().resource_response.data.codes;
    expect(newCodes).toHaveLength(10);
    expect((await logInWith('rc-new@example.com', codes[0] ?? '')).statusCode).toBe(401);
    expect((await logInWith('rc-new@example.com', newCodes[0] ?? '')).statusCode).toBe(200);
  });

  it('turning two-factor off removes the codes', async () => {
    const { browser, secret } = await withMfa('rc-off@example.com');
    const off = await browser.post('/v3/users/me/mfa/disable/', { password: PASSWORD, code: totpAt(secret, Date.now() + 30_000) ?? '' });
    expect(off.statusCode, off.body).toBe(200);
    expect(await storedCodes('rc-off@example.com')).toEqual([]);
  });

  it('bad input is 400, visitors 401, an account without two-factor 400; nothing changes', async () => {
    const { browser } = await withMfa('rc-bad@example.com');
    const before = await storedCodes('rc-bad@example.com');
    for (const options of [{}, { password: '' }, { password: 5 }, { password: 'x'.repeat(300) }]) {
      expect((await browser.resource('MfaRecoveryCodesResource', 'create', options)).statusCode, JSON.stringify(options)).toBe(400);
    }
    expect(await storedCodes('rc-bad@example.com')).toEqual(before);
    const visitor = t.client('10.19.2.250');
    await visitor.ensureCsrf();
    expect((await visitor.resource('MfaRecoveryCodesResource', 'create', { password: PASSWORD })).statusCode).toBe(401);
    expect((await visitor.getResource('MfaRecoveryCodesResource')).statusCode).toBe(401);
    const plain = t.client('10.19.2.251');
    await plain.signUp('rc-plain@example.com', PASSWORD);
    expect((await plain.resource('MfaRecoveryCodesResource', 'create', { password: PASSWORD })).statusCode).toBe(400);
    expect((await plain.getResource('MfaRecoveryCodesResource')).json<Body<{ remaining: number }>>().resource_response.data.remaining).toBe(0);
  });
});
