import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

const PASSWORD = 'correct horse battery';
type Body<T> = { resource_response: { data: T; error: { message: string; extra_data?: Record<string, unknown> } | null } };
type State = { is_set: boolean; backup_email: string | null };

describe.each(databaseKinds)('parental passcode on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  async function member(email: string): Promise<TestClient> {
    addresses += 1;
    const browser = t.client(`10.19.4.${addresses}`);
    await browser.signUp(email, PASSWORD);
    return browser;
  }
  const stateOf = async (browser: TestClient) => (await browser.getResource('ParentalPasscodeResource')).json<Body<State>>().resource_response.data;
  const rows = () => t.deps.db.selectFrom('parental_passcodes').selectAll().orderBy('user_id').execute();
  const set = (browser: TestClient, options: Record<string, unknown>) => browser.resource('ParentalPasscodeResource', 'create', options);

  it('sets a passcode kept only as a hash; changing it needs the current one; removing it too', async () => {
    const browser = await member('pp-set@example.com');
    expect(await stateOf(browser)).toEqual({ is_set: false, backup_email: null });
    expect((await set(browser, { passcode: '12 34', confirm_passcode: '1234' })).statusCode).toBe(200);
    expect(await stateOf(browser)).toEqual({ is_set: true, backup_email: null });
    const stored = JSON.stringify(await rows());
    expect(stored).not.toMatch(/"1234"/);

    const noCurrent = await set(browser, { passcode: '5678', confirm_passcode: '5678' });
    expect(noCurrent.statusCode).toBe(403);
    expect(noCurrent.json<Body<State>>().resource_response.error?.message).toBe('Please enter your parental passcode');
    const wrongCurrent = await set(browser, { passcode: '5678', confirm_passcode: '5678', current_passcode: '0000' });
    expect(wrongCurrent.statusCode).toBe(403);
    expect(JSON.stringify(await rows())).toBe(stored);
    expect((await set(browser, { passcode: '5678', confirm_passcode: '5678', current_passcode: '1234' })).statusCode).toBe(200);

    expect((await browser.resource('ParentalPasscodeResource', 'delete', { passcode: '1234' })).statusCode).toBe(403);
    expect((await browser.resource('ParentalPasscodeResource', 'delete', { passcode: '5678' })).statusCode).toBe(200);
    expect(await stateOf(browser)).toEqual({ is_set: false, backup_email: null });
  });

  it('the spec’s messages for a bad passcode, 400 and nothing stored', async () => {
    const browser = await member('pp-bad@example.com');
    const cases: [Record<string, unknown>, string][] = [
      [{ passcode: '', confirm_passcode: '' }, 'Required'],
      [{ passcode: '12a4', confirm_passcode: '12a4' }, 'Please only use numbers'],
      [{ passcode: '123', confirm_passcode: '123' }, 'Please enter four digits'],
      [{ passcode: '1234', confirm_passcode: '4321' }, 'Please make sure your passcodes match'],
    ];
    for (const [options, message] of cases) {
      const answer = await set(browser, options);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(message);
    }
    for (const options of [{}, { passcode: 1234, confirm_passcode: 1234 }, { passcode: '1'.repeat(100), confirm_passcode: '1' }]) {
      expect((await set(browser, options)).statusCode).toBe(400);
    }
    expect(await rows()).toEqual([]);
  });

  it('a backup email with the spec’s rules, set with the passcode', async () => {
    const browser = await member('pp-backup@example.com');
    await set(browser, { passcode: '2468', confirm_passcode: '2468' });
    const update = (options: Record<string, unknown>) => browser.resource('ParentalPasscodeResource', 'update', options);
    const same = await update({ backup_email: 'PP-backup@example.com', confirm_backup_email: 'pp-backup@example.com', passcode: '2468' });
    expect(same.statusCode).toBe(400);
    expect(same.body).toContain('This email address is already used for this account');
    const mismatch = await update({ backup_email: 'parent@example.com', confirm_backup_email: 'other@example.com', passcode: '2468' });
    expect(mismatch.body).toContain('Please make sure your email addresses match');
    const invalid = await update({ backup_email: 'parent', confirm_backup_email: 'parent', passcode: '2468' });
    expect(invalid.body).toContain('Please enter a valid email address');
    expect((await update({ backup_email: 'parent@example.com', confirm_backup_email: 'parent@example.com', passcode: '1111' })).statusCode).toBe(403);
    expect(await stateOf(browser)).toEqual({ is_set: true, backup_email: null });
    expect((await update({ backup_email: 'Parent@example.com', confirm_backup_email: 'parent@example.com', passcode: '2468' })).statusCode).toBe(200);
    expect(await stateOf(browser)).toEqual({ is_set: true, backup_email: 'parent@example.com' });
  });

  it('protects the password: the change fails on the server without the passcode', async () => {
    const browser = await member('pp-password@example.com');
    await set(browser, { passcode: '1357', confirm_passcode: '1357' });
    const hash = async () =>
      (await t.deps.db.selectFrom('users').select('password_hash').where('email', '=', 'pp-password@example.com').executeTakeFirstOrThrow()).password_hash;
    const before = await hash();
    const change = (extra: Record<string, string>) =>
      browser.request({
        method: 'PUT',
        url: '/v3/users/me/password/',
        payload: new URLSearchParams({ old_password: PASSWORD, new_password: 'a brand new password', ...extra }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const without = await change({});
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ message: 'Please enter your parental passcode' });
    expect((await change({ parental_passcode: '0000' })).statusCode).toBe(403);
    expect(await hash()).toBe(before);
    expect((await change({ parental_passcode: '1357' })).statusCode).toBe(200);
    expect(await hash()).not.toBe(before);
  });

  it('protects the email: no link is mailed without the passcode', async () => {
    const browser = await member('pp-email@example.com');
    await set(browser, { passcode: '2580', confirm_passcode: '2580' });
    const pending = () => t.deps.db.selectFrom('email_changes').selectAll().execute();
    const before = (await pending()).length;
    const ask = (extra: Record<string, string>) =>
      browser.request({
        method: 'POST',
        url: '/v3/users/me/email/',
        payload: new URLSearchParams({ new_email: 'pp-email-new@example.com', password: PASSWORD, ...extra }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const without = await ask({});
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ message: 'Please enter your parental passcode' });
    expect((await ask({ parental_passcode: '0000' })).statusCode).toBe(403);
    expect((await pending()).length).toBe(before);
    expect((await ask({ parental_passcode: '25a0' })).statusCode).toBe(400);
    expect((await ask({ parental_passcode: '2580' })).statusCode).toBe(200);
    expect((await pending()).length).toBe(before + 1);
  });

  it('guesses are limited: the eleventh in 15 minutes is refused even when right', async () => {
    const browser = await member('pp-limit@example.com');
    await set(browser, { passcode: '9999', confirm_passcode: '9999' });
    for (let i = 0; i < 10; i += 1) await browser.resource('ParentalPasscodeResource', 'delete', { passcode: String(1000 + i) });
    expect((await browser.resource('ParentalPasscodeResource', 'delete', { passcode: '9999' })).statusCode).toBe(429);
    expect((await stateOf(browser)).is_set).toBe(true);
  });

  it('visitors are asked to sign in; another member’s passcode is not theirs to change', async () => {
    const visitor = t.client('10.19.4.200');
    await visitor.ensureCsrf();
    expect((await visitor.getResource('ParentalPasscodeResource')).statusCode).toBe(401);
    expect((await set(visitor, { passcode: '1234', confirm_passcode: '1234' })).statusCode).toBe(401);
    const owner = await member('pp-owner@example.com');
    await set(owner, { passcode: '4321', confirm_passcode: '4321' });
    const other = await member('pp-other@example.com');
    expect(await stateOf(other)).toEqual({ is_set: false, backup_email: null });
    // Their own passcode is set; the owner's stays as it was.
    const before = JSON.stringify(await rows());
    expect((await other.resource('ParentalPasscodeResource', 'delete', { passcode: '4321' })).statusCode).toBe(400);
    expect(JSON.stringify(await rows())).toBe(before);
  });
});
