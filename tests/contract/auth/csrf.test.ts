import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { accountTables } from './helpers.ts';

const signupForm = { email: 'csrf-victim@example.com', password: 'correct horse battery' };

describe.each(databaseKinds)('CSRF protection on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(async () => t.close());

  const refusedWithoutChange = async (send: () => Promise<LightMyRequestResponse>) => {
    const before = await accountTables(t);
    const response = await send();
    expect(response.statusCode).toBe(403);
    const body = response.json<{ message?: string; resource_response?: { error: { message: string } } }>();
    expect(body.message ?? body.resource_response?.error.message).toBe('CSRF verification failed.');
    expect(await accountTables(t)).toBe(before);
  };

  it('refuses a POST without the X-CSRFToken header', async () => {
    const browser = t.client('10.2.0.1');
    await browser.ensureCsrf();
    await refusedWithoutChange(() => browser.post('/v3/register/email/handshake/', signupForm, { 'x-csrftoken': '' }));
  });

  it('refuses a POST without the csrftoken cookie', async () => {
    const browser = t.client('10.2.0.2');
    await refusedWithoutChange(() => browser.post('/v3/register/email/handshake/', signupForm));
  });

  it('refuses a header that differs from the cookie', async () => {
    const browser = t.client('10.2.0.3');
    await browser.ensureCsrf();
    await refusedWithoutChange(() => browser.post('/v3/register/email/handshake/', signupForm, { 'x-csrftoken': 'forged' }));
  });

  it('refuses the token of another session, even as a matching pair', async () => {
    const victim = t.client('10.2.0.4');
    await victim.signUp('victim@example.com');
    const attacker = t.client('10.2.0.4');
    await attacker.signUp('attacker@example.com');
    const attackerToken = attacker.jar.get('csrftoken') ?? '';
    // A planted cookie and header carrying the attacker's own valid token.
    victim.jar.set('csrftoken', attackerToken);
    await refusedWithoutChange(() => victim.logOut());
    // The victim's next response puts the session's own token back.
    await victim.get('/v3/users/me/');
    expect(victim.jar.get('csrftoken')).not.toBe(attackerToken);
    expect((await victim.get('/v3/users/me/')).statusCode).toBe(200);
  });

  it('covers PUT and DELETE as well as POST', async () => {
    const browser = t.client('10.2.0.5');
    await browser.signUp('methods@example.com');
    const put = await browser.request({ method: 'PUT', url: '/v3/users/me/password/', payload: {}, headers: { 'x-csrftoken': 'x' } });
    expect(put.statusCode).toBe(403);
    const del = await browser.request({ method: 'DELETE', url: '/v3/users/me/', headers: { 'x-csrftoken': 'x' } });
    expect(del.statusCode).toBe(403);
  });

  it('GET needs no token', async () => {
    const browser = t.client('10.2.0.6');
    expect((await browser.get('/healthz')).statusCode).toBe(200);
  });
  const formPost = (browser: ReturnType<TestApp['client']>, site: string) =>
    browser.request({
      method: 'POST',
      url: '/login/',
      payload: 'username_or_email=csrf-victim%40example.com&password=correct+horse+battery',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': site, 'x-csrftoken': '' },
    });

  it('sends a form our page posted natively (before its script loaded) back to the page, doing nothing', async () => {
    const browser = t.client('10.2.0.7');
    await browser.ensureCsrf();
    const before = await accountTables(t);
    const answer = await formPost(browser, 'same-origin');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/login/');
    expect(await accountTables(t)).toBe(before);
  });

  it('still refuses the same form posted from another site', async () => {
    const browser = t.client('10.2.0.8');
    await browser.ensureCsrf();
    await refusedWithoutChange(() => formPost(browser, 'cross-site'));
  });
});
