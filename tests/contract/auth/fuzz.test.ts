import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { accountTables } from './helpers.ts';
import { encodeBody, hostileValue, mutate, seedOf, seededRandom, type Random } from './hostile-inputs.ts';

const CASES = Number(process.env['FUZZ_CASES'] ?? 200);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20240101);

type FuzzRequest = InjectOptions & { url: string };

type Endpoint = {
  name: string;
  /** Signed in (with a session) before the cases run. */
  signedIn: boolean;
  request: (random: Random) => FuzzRequest;
};

const signup = {
  email: 'fuzz@example.com',
  password: 'correct horse battery',
  first_name: 'F',
  last_name: 'Z',
  country: 'US',
  locale: 'en_US',
  birthday: '1990-01-01',
  gender: 'female',
  referrer: 'direct',
  utm_campaign: 'x',
  invite_code: 'y',
};

function formPost(url: string, example: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') {
  return (random: Random): FuzzRequest => {
    const body = encodeBody(random, mutate(random, example, BODY_LIMIT), BODY_LIMIT);
    return {
      method,
      url,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
      headers: body.contentType ? { 'content-type': body.contentType } : {},
    };
  };
}

/**
 * Sign-ups with a new email from a new address each time, so that neither the taken-email check
 * nor the sign-up limit stops a hostile field before it reaches the database.
 */
function signupPost(url: string, example: Record<string, unknown>) {
  return (random: Random): FuzzRequest => {
    const n = random.int(1e9);
    const fresh = { ...example, email: `fuzz-${n}@example.com`, ...(random.chance(0.3) ? { username: `fuzzer${n}` } : {}) };
    return { ...formPost(url, fresh)(random), remoteAddress: `172.16.${n % 250}.${(n >> 8) % 250}` };
  };
}

/** The resource protocol: the data field itself is hostile too. */
function resourceCall(name: string, verb: string, example: Record<string, unknown>) {
  return (random: Random): FuzzRequest => {
    const options = mutate(random, example, BODY_LIMIT);
    const data = random.chance(0.7)
      ? JSON.stringify({ options, context: random.chance(0.9) ? {} : hostileValue(random, BODY_LIMIT) })
      : hostileValue(random, BODY_LIMIT);
    if (verb === 'get') {
      return { method: 'GET', url: `/resource/${name}/get/?data=${encodeURIComponent(typeof data === 'string' ? data : JSON.stringify(data))}` };
    }
    const body = encodeBody(random, { data, ...(random.chance(0.1) ? { source_url: hostileValue(random, BODY_LIMIT) } : {}) }, BODY_LIMIT);
    return {
      method: 'POST',
      url: `/resource/${name}/${verb}/`,
      ...(body.payload === undefined ? {} : { payload: body.payload }),
      headers: body.contentType ? { 'content-type': body.contentType } : {},
    };
  };
}

function hostileQuery(path: string, key: string) {
  return (random: Random): FuzzRequest => {
    const value = hostileValue(random, 8000);
    const text = (typeof value === 'string' ? value.slice(0, 8000) : JSON.stringify(value)).toWellFormed();
    // Repeated keys, and bytes that are not UTF-8 at all.
    const extra = random.pick(['', `&${key}=${encodeURIComponent(text)}`, `&${key}=%ED%A0%80%FF%00`, '&%zz=%']);
    return { method: 'GET', url: `${path}?${key}=${encodeURIComponent(text)}${extra}` };
  };
}

/** Hostile credentials in headers: Authorization, cookies and the CSRF header. */
function hostileHeaders(url: string) {
  return (random: Random): FuzzRequest => {
    const text = () => {
      const value = hostileValue(random, 4000);
      return (typeof value === 'string' ? value : JSON.stringify(value)).replace(/[^\x20-\x7e]/g, '?').slice(0, 4000);
    };
    const headers: Record<string, string> = {};
    if (random.chance(0.5)) headers['authorization'] = random.pick(['Bearer ', 'Bearer cbpat_', 'Basic ', 'bearer  ', '']) + text();
    if (random.chance(0.5)) headers['cookie'] = `corkboard_sess=${text()}; csrftoken=${text()}`;
    if (random.chance(0.5)) headers['x-csrftoken'] = text();
    return { method: random.pick(['GET', 'POST', 'DELETE']), url, headers };
  };
}

const endpoints: Endpoint[] = [
  { name: 'email sign-up', signedIn: false, request: signupPost('/v3/register/email/handshake/', signup) },
  { name: 'partner sign-up', signedIn: false, request: signupPost('/v3/register/partner/handshake/', { ...signup, business_name: 'Shop' }) },
  {
    name: 'login',
    signedIn: false,
    request: formPost('/v3/login/handshake/', { username_or_email: 'fuzz-owner@example.com', password: 'wrong password', referrer: 'x', mfa_token: '123456' }),
  },
  {
    name: 'MFA login',
    signedIn: false,
    request: formPost('/v3/login/mfa/handshake/', { username_or_email: 'fuzz-owner@example.com', password: 'x', mfa_token: '123456', token: 'abc' }),
  },
  { name: 'verification resend', signedIn: true, request: formPost('/v3/users/email/verify/resend/', { x: '1' }) },
  {
    name: 'password change',
    signedIn: true,
    request: formPost('/v3/users/me/password/', { old_password: 'wrong one', new_password: 'new password 1' }, 'PUT'),
  },
  { name: 'MFA setup start', signedIn: true, request: formPost('/v3/users/me/mfa/setup/', { x: '1' }) },
  {
    name: 'MFA setup confirm',
    signedIn: true,
    request: formPost('/v3/users/me/mfa/setup/confirm/', { secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', code: '123456', password: 'correct horse battery' }),
  },
  { name: 'MFA disable', signedIn: true, request: formPost('/v3/users/me/mfa/disable/', { password: 'correct horse battery', code: '123456' }) },
  {
    name: 'HandshakeSessionResource create',
    signedIn: false,
    request: resourceCall('HandshakeSessionResource', 'create', { token: 'abc', isRegistration: true }),
  },
  { name: 'UserSessionResource create', signedIn: true, request: resourceCall('UserSessionResource', 'create', { session_accounts: true }) },
  { name: 'UserSessionResource delete', signedIn: true, request: resourceCall('UserSessionResource', 'delete', { disable_auth_failure_redirect: true }) },
  {
    name: 'PersonalAccessTokenResource create',
    signedIn: true,
    request: resourceCall('PersonalAccessTokenResource', 'create', { name: 'n', scopes: ['pins:read'] }),
  },
  { name: 'PersonalAccessTokenResource delete', signedIn: true, request: resourceCall('PersonalAccessTokenResource', 'delete', { id: '123' }) },
  { name: 'PersonalAccessTokenResource get', signedIn: true, request: resourceCall('PersonalAccessTokenResource', 'get', {}) },
  { name: 'email verify link', signedIn: false, request: hostileQuery('/email/verify/', 'token') },
  { name: 'refresh_token', signedIn: true, request: hostileQuery('/refresh_token', 'x') },
  { name: 'refresh_stored_accounts', signedIn: false, request: hostileQuery('/refresh_stored_accounts', 'x') },
  { name: 'users/me with hostile credentials', signedIn: false, request: hostileHeaders('/v3/users/me/') },
];

function expectErrorEnvelope(response: LightMyRequestResponse, url: string) {
  const body: unknown = response.json();
  if (url.startsWith('/resource/')) {
    expect(body).toMatchObject({
      resource_response: { status: 'failure', data: null, error: { code: expect.any(Number) as unknown, message: expect.any(String) as unknown } },
    });
  } else {
    expect(body).toMatchObject({ status: 'failure', code: expect.any(Number) as unknown, message: expect.any(String) as unknown });
  }
}

describe.each(databaseKinds)('hostile input to the account calls on %s', (kind) => {
  let t: TestApp;
  let addresses = 0;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    await t.client('10.9.9.9').signUp('fuzz-owner@example.com');
  });
  afterAll(async () => t.close());

  it.each(endpoints)('$name: never 5xx, always the error envelope, nothing changed on 4xx', async (endpoint) => {
    const seed = seedOf(endpoint.name, BASE_SEED);
    const random = seededRandom(seed);
    let client: TestClient = t.client();
    // Each fresh browser gets its own address, so the sign-up limit never stops the preparation.
    const prepare = async () => {
      addresses += 1;
      client = t.client(`10.${8 + Math.floor(addresses / 250)}.${addresses % 250}.1`);
      if (endpoint.signedIn) await client.signUp(`fuzz-${addresses}@example.com`);
      else await client.ensureCsrf();
    };
    await prepare();
    let tables = await accountTables(t);

    for (let i = 0; i < CASES; i += 1) {
      const options = endpoint.request(random);
      // Mostly the client's own CSRF header so the input reaches validation; sometimes none.
      const withoutCsrf = random.chance(0.05);
      const response = await client.request(withoutCsrf ? { ...options, headers: { ...(options.headers ?? {}), 'x-csrftoken': '' } } : options);
      const where = `${endpoint.name} case ${i} (seed ${seed}): ${options.method ?? 'GET'} ${options.url}`;
      expect(response.statusCode, where).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) {
        expectErrorEnvelope(response, options.url);
        expect(await accountTables(t), where).toBe(tables);
      } else {
        // A call that ended the session (logout, password change) leaves later cases signed out.
        if (endpoint.signedIn && !client.jar.has('corkboard_sess')) await prepare();
        tables = await accountTables(t);
      }
    }
  });
});
