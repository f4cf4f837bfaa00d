import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../../src/server/common/rate-limits.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';

describe.each(databaseKinds)('rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  it('login: 10 attempts per 15 minutes per IP and account, then 429 with Retry-After even for the right password', async () => {
    expect(RATE_LIMITS.login).toEqual({ limit: 10, windowMs: 15 * 60 * 1000 });
    const owner = t.client('10.3.0.1');
    await owner.signUp('guessed@example.com');
    const attacker = t.client('10.3.0.2');
    await attacker.ensureCsrf();
    for (let i = 0; i < 10; i += 1) {
      const guess = await attacker.post('/v3/login/handshake/', { username_or_email: 'guessed@example.com', password: `guess number ${i}` });
      expect(guess.statusCode).toBe(401);
    }
    const blocked = await attacker.post('/v3/login/handshake/', { username_or_email: 'guessed@example.com', password: 'correct horse battery' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 'failure', message: 'Too many requests. Please try again later.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The same account from another address, and another account from this one, still work.
    await t.client('10.3.0.3').logIn('guessed@example.com');
    const other = await attacker.post('/v3/login/handshake/', { username_or_email: 'other@example.com', password: 'whatever it is' });
    expect(other.statusCode).toBe(401);
  });

  it('login: the username and the email of one account share one budget', async () => {
    await t.client('10.3.1.1').signUp('shared@example.com', 'correct horse battery', { username: 'sharedbudget' });
    const attacker = t.client('10.3.1.2');
    await attacker.ensureCsrf();
    for (let i = 0; i < 10; i += 1) {
      const name = i % 2 ? ' Shared@Example.com' : 'SharedBudget';
      const guess = await attacker.post('/v3/login/handshake/', { username_or_email: name, password: `guess number ${i}` });
      expect(guess.statusCode).toBe(401);
    }
    for (const name of ['sharedbudget', 'shared@example.com']) {
      const blocked = await attacker.post('/v3/login/handshake/', { username_or_email: name, password: 'correct horse battery' });
      expect(blocked.statusCode).toBe(429);
    }
  });

  it('login: 50 failures per 15 minutes per IP across accounts, then 429 even for the right password; other IPs unaffected', async () => {
    expect(RATE_LIMITS.loginAddress).toEqual({ limit: 50, windowMs: 15 * 60 * 1000 });
    const accounts = Array.from({ length: 40 }, (_, i) => `sprayed${i}@example.com`);
    for (const [i, email] of accounts.entries()) await t.client(`10.3.2.${i + 1}`).signUp(email);
    const sprayer = t.client('10.3.3.1');
    await sprayer.ensureCsrf();
    const statuses: number[] = [];
    for (const round of [1, 2]) {
      for (const email of accounts) {
        const guess = await sprayer.post('/v3/login/handshake/', { username_or_email: email, password: `spring2026 round ${round}` });
        statuses.push(guess.statusCode);
      }
    }
    expect(statuses.slice(0, 50)).toEqual(Array(50).fill(401));
    expect(statuses.slice(50)).toEqual(Array(30).fill(429));
    const blocked = await sprayer.post('/v3/login/handshake/', { username_or_email: 'sprayed0@example.com', password: 'correct horse battery' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 'failure', message: 'Too many requests. Please try again later.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    await t.client('10.3.3.2').logIn('sprayed0@example.com');
  });

  it('login: successes from one address never spend its failure budget', async () => {
    const office = t.client('10.3.4.1');
    await office.ensureCsrf();
    await t.client('10.3.4.2').signUp('colleague@example.com');
    const fail = (i: number) => office.post('/v3/login/handshake/', { username_or_email: `nobody${i % 6}@example.com`, password: 'not this one' });
    for (let i = 0; i < 49; i += 1) expect((await fail(i)).statusCode).toBe(401);
    for (let i = 0; i < 3; i += 1) await office.logIn('colleague@example.com');
    expect((await fail(49)).statusCode).toBe(401);
    expect((await fail(50)).statusCode).toBe(429);
  });

  it('sign-up: 20 per hour per IP, then 429', async () => {
    expect(RATE_LIMITS.signup).toEqual({ limit: 20, windowMs: 60 * 60 * 1000 });
    const browser = t.client('10.3.0.4');
    await browser.ensureCsrf();
    for (let i = 0; i < 20; i += 1) {
      // Already taken: the attempts still count, and no hashing slows the test down.
      const attempt = await browser.post('/v3/register/email/handshake/', { email: 'guessed@example.com', password: 'correct horse battery' });
      expect(attempt.statusCode).toBe(409);
    }
    const blocked = await browser.post('/v3/register/email/handshake/', { email: 'fresh@example.com', password: 'correct horse battery' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.deps.db.selectFrom('users').select('id').where('email', '=', 'fresh@example.com').executeTakeFirst()).toBeUndefined();
  });
});
