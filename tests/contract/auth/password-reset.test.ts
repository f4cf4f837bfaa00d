import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MAIL_JOB } from '../../../src/server/auth/password-reset.service.ts';
import { hashSecret } from '../../../src/server/common/secrets.ts';
import { jobHandlers } from '../../../src/server/jobs/handlers.ts';
import type { Worker } from '../../../src/server/ports/queue/job-queue.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { accountTables, type RestError } from './helpers.ts';

const REQUEST = '/v3/users/password/reset/request/';
const RESET = '/v3/users/password/reset/';
const SUBJECT = 'Reset your Corkboard password';

describe.each(databaseKinds)('password reset on %s', (kind) => {
  let t: TestApp;
  let worker: Worker;
  /** Reset-mail jobs the worker finished: proof that an unknown email's job ran, and mailed nothing. */
  let resetJobsDone = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const handlers = jobHandlers(t.deps);
    const resetJob = handlers[PASSWORD_RESET_MAIL_JOB];
    if (!resetJob) throw new Error('no password reset job handler');
    handlers[PASSWORD_RESET_MAIL_JOB] = async (payload, job) => {
      await resetJob(payload, job);
      resetJobsDone += 1;
    };
    worker = t.deps.ports.queue.start({ handlers, pollIntervalMs: 20 });
  });
  afterAll(async () => {
    await worker.stop();
    await t.close();
  });

  async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const resetMails = (to: string) => t.readOutbox().filter((m) => m.to === to && m.subject === SUBJECT);

  /** The token of the newest reset mail to `to`, once `count` of them arrived. */
  async function mailedToken(to: string, count = 1): Promise<string> {
    await until(() => resetMails(to).length >= count, `${count} reset mail(s) to ${to}`);
    const link = /https?:\/\/\S+\/password\/reset\/\?token=([\w-]+)/.exec(resetMails(to).at(-1)?.text ?? '');
    if (!link?.[1]) throw new Error('no reset link in the mail');
    return link[1];
  }

  async function visitor(ip: string): Promise<TestClient> {
    const client = t.client(ip);
    await client.ensureCsrf();
    return client;
  }

  async function ask(client: TestClient, email: string) {
    const before = resetJobsDone;
    const response = await client.post(REQUEST, { email });
    if (response.statusCode === 200) await until(() => resetJobsDone > before, 'the reset job');
    return response;
  }

  it('answers a known and an unknown email alike; only the account’s address gets a link', async () => {
    await t.client('10.1.0.1').signUp('known@example.com');
    const client = await visitor('10.1.0.2');
    const unknown = await ask(client, 'nobody-here@example.com');
    const known = await ask(client, 'Known@Example.com');
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await mailedToken('known@example.com');
    expect(resetMails('nobody-here@example.com')).toEqual([]);
    const mail = resetMails('known@example.com');
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toMatch(/http:\/\/[^/\s]+\/password\/reset\/\?token=[\w-]{43}\n/);
    expect(mail[0]?.text).toContain('expires in 1 hour');
  });

  it('keeps only the hash of the token, expiring in an hour', async () => {
    await t.client('10.2.0.1').signUp('hashed@example.com');
    const asked = Date.now();
    await ask(await visitor('10.2.0.2'), 'hashed@example.com');
    const token = await mailedToken('hashed@example.com');
    const rows = await t.deps.db.selectFrom('one_time_tokens').selectAll().where('purpose', '=', 'reset_password').execute();
    const row = rows.find((r) => r.token_hash === hashSecret(token));
    expect(row).toBeDefined();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(Number(row?.expires_at) - asked).toBeGreaterThan(59 * 60 * 1000);
    expect(Number(row?.expires_at) - asked).toBeLessThanOrEqual(60 * 60 * 1000 + 5_000);
  });

  it('sets the password with the mailed token, ends every session and every other link, once', async () => {
    const phone = t.client('10.3.0.1');
    await phone.signUp('forgetful@example.com', 'old password one');
    const laptop = t.client('10.3.0.2');
    await laptop.logIn('forgetful@example.com', 'old password one');
    const client = await visitor('10.3.0.3');
    await ask(client, 'forgetful@example.com');
    const older = await mailedToken('forgetful@example.com');
    await ask(client, 'forgetful@example.com');
    const token = await mailedToken('forgetful@example.com', 2);

    const reset = await client.post(RESET, { token, new_password: 'new password two' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ status: 'success', data: null });

    for (const ended of [phone, laptop]) expect((await ended.get('/v3/users/me/')).statusCode).toBe(401);
    const oldLogin = await (
      await visitor('10.3.0.4')
    ).post('/v3/login/handshake/', { username_or_email: 'forgetful@example.com', password: 'old password one' });
    expect(oldLogin.statusCode).toBe(401);
    await t.client('10.3.0.5').logIn('forgetful@example.com', 'new password two');

    const user = await t.deps.db.selectFrom('users').select('id').where('email', '=', 'forgetful@example.com').executeTakeFirstOrThrow();
    const events = await t.deps.db.selectFrom('domain_events').select(['type', 'payload']).where('type', '=', 'account.password_reset').execute();
    expect(events.map((e) => e.payload)).toContainEqual(expect.stringContaining(`"userId":"${user.id}"`));

    const before = await accountTables(t);
    for (const spent of [token, older]) {
      const again = await client.post(RESET, { token: spent, new_password: 'third password x' });
      expect(again.statusCode).toBe(401);
      expect(again.json<RestError>()).toMatchObject({ status: 'failure', code: 15 });
    }
    expect(await accountTables(t)).toBe(before);
  });

  it('refuses an expired or unknown token and changes nothing', async () => {
    await t.client('10.4.0.1').signUp('late@example.com', 'the old password');
    const client = await visitor('10.4.0.2');
    await ask(client, 'late@example.com');
    const token = await mailedToken('late@example.com');
    await t.deps.db
      .updateTable('one_time_tokens')
      .set({ expires_at: Date.now() - 1 })
      .where('token_hash', '=', hashSecret(token))
      .execute();
    const before = await accountTables(t);
    for (const given of [token, 'not-a-token', 'x'.repeat(256)]) {
      const refused = await client.post(RESET, { token: given, new_password: 'a brand new one' });
      expect(refused.statusCode).toBe(401);
      expect(refused.json<RestError>()).toMatchObject({ code: 15, message: 'This link is invalid or has expired.' });
    }
    expect(await accountTables(t)).toBe(before);
    await t.client('10.4.0.3').logIn('late@example.com', 'the old password');
  });

  it('a token mailed for one account never changes another', async () => {
    await t.client('10.5.0.1').signUp('alice@example.com', 'alice password');
    await t.client('10.5.0.2').signUp('bob@example.com', 'bob password');
    const bobSession = t.client('10.5.0.3');
    await bobSession.logIn('bob@example.com', 'bob password');
    const client = await visitor('10.5.0.4');
    await ask(client, 'alice@example.com');
    const aliceToken = await mailedToken('alice@example.com');
    // Extra fields naming another account are not part of the call and are ignored.
    const reset = await client.post(RESET, { token: aliceToken, new_password: 'alice new pass', email: 'bob@example.com', user_id: '1' });
    expect(reset.statusCode).toBe(200);
    await t.client('10.5.0.5').logIn('alice@example.com', 'alice new pass');
    await t.client('10.5.0.6').logIn('bob@example.com', 'bob password');
    expect((await bobSession.get('/v3/users/me/')).statusCode).toBe(200);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    await t.client('10.6.0.1').signUp('strict@example.com', 'strict password');
    const client = await visitor('10.6.0.2');
    await ask(client, 'strict@example.com');
    const token = await mailedToken('strict@example.com');
    const before = await accountTables(t);
    const json = (url: string, body: unknown) =>
      client.request({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
    const refused = [
      await client.post(REQUEST, {}),
      await client.post(REQUEST, { email: 'not an email' }),
      await client.post(REQUEST, { email: `${'a'.repeat(2000)}@example.com` }),
      await json(REQUEST, { email: ['strict@example.com'] }),
      await json(REQUEST, { email: 42 }),
      await client.post(RESET, { token }),
      await client.post(RESET, { new_password: 'long enough pass' }),
      await client.post(RESET, { token, new_password: 'short' }),
      await client.post(RESET, { token, new_password: 'x'.repeat(257) }),
      await client.post(RESET, { token, new_password: 'naïve password' }),
      await client.post(RESET, { token: 'x'.repeat(257), new_password: 'long enough pass' }),
      await json(RESET, { token: [token], new_password: 'long enough pass' }),
      await json(RESET, { token, new_password: 12345678 }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 400));
    expect(await accountTables(t)).toBe(before);
    // The token survived every refusal.
    expect((await client.post(RESET, { token, new_password: 'long enough pass' })).statusCode).toBe(200);
  });

  it('limits requests per email, known or not, and per address', async () => {
    await t.client('10.7.0.1').signUp('limited@example.com');
    for (const email of ['limited@example.com', 'unknown-limited@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await ask(await visitor(`10.7.1.${i}`), email)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    }
    await mailedToken('limited@example.com', 5);
    const one = await visitor('10.7.2.1');
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await one.post(REQUEST, { email: `someone${i}@example.com` })).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
