import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { REFERENCE_EXTRACT_FILE } from '../../support/openapi.ts';
import { makeToken, snapshot, type ErrorBody, type Method } from './helpers.ts';
import { OPERATIONS } from './operations.ts';

const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'DELETE'];

/** Paths under /v5 that name nothing of ours, at every depth our own paths have. */
const UNKNOWN_PATHS = [
  '/v5',
  '/v5/',
  '/v5/nothing',
  '/v5/boards/1/nothing',
  '/v5/boards/1/sections/2/pins/3',
  '/v5/pins/1/nothing',
  '/v5/media/1/upload/again',
  '/v5/user_account/nothing?x=1',
];

const reference = JSON.parse(fs.readFileSync(REFERENCE_EXTRACT_FILE, 'utf8')) as { paths: Record<string, Record<string, unknown>> };

/** Every operation of the reference (method and path template) that we do not serve. */
const NOT_SERVED = Object.entries(reference.paths).flatMap(([path, operations]) =>
  METHODS.filter((method) => method.toLowerCase() in operations && !OPERATIONS.some((o) => o.method === method && o.path === path)).map((method) => ({
    method,
    path,
  })),
);

function expectNotFound(response: LightMyRequestResponse, where: string): void {
  expect(response.statusCode, `${where}: ${response.body}`).toBe(404);
  expect(response.json<ErrorBody>(), where).toEqual({ code: expect.any(Number) as unknown, message: expect.any(String) as unknown });
  // No cookie is authority on /v5, so none is set there either.
  expect(response.headers['set-cookie'], where).toBeUndefined();
}

/**
 * Under /v5 a path we do not serve is not found, in the reference's Error, for every method, with
 * or without a token: no CSRF refusal (no cookie is authority there), and a word of the reference
 * in an id's place (GET /v5/pins/analytics) is not taken for an id.
 */
describe.each(databaseKinds)('public API paths not served on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  let user: TestUser;
  let token: string;

  beforeAll(async () => {
    user = await makeUser(t.deps, 'v5lost');
    token = await makeToken(t, user);
  });

  const call = (method: Method, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method,
      url,
      headers: { ...headers, ...(method === 'POST' || method === 'PATCH' ? { 'content-type': 'application/json' } : {}) },
      ...(method === 'POST' || method === 'PATCH' ? { payload: '{}' } : {}),
    });

  it('an unknown path is 404 for every method, with a token, without one, and with a session but no CSRF token', async () => {
    const browser = await signIn(t, user);
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const before = await snapshot(t);
    for (const url of UNKNOWN_PATHS) {
      for (const method of METHODS) {
        expectNotFound(await call(method, url, {}), `${method} ${url} without a token`);
        expectNotFound(await call(method, url, { authorization: `Bearer ${token}` }), `${method} ${url} with a token`);
        expectNotFound(await call(method, url, { cookie }), `${method} ${url} with a session cookie`);
      }
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('GET /v5/pins/analytics and its other methods are not served, rather than a pin id refused as malformed', async () => {
    for (const method of [...METHODS, 'PUT' as const]) {
      for (const headers of [{}, { authorization: `Bearer ${token}` }]) {
        const response = await t.app.inject({ method, url: '/v5/pins/analytics?pin_ids=1&start_date=2024-01-01', headers });
        expectNotFound(response, `${method} /v5/pins/analytics`);
      }
    }
  });

  it('no operation of the reference that we do not serve is taken for one we serve', async () => {
    expect(NOT_SERVED.length).toBeGreaterThan(100);
    for (const { method, path } of NOT_SERVED) {
      const url = `/v5${path.replace(/\{\w+\}/g, '1')}`;
      expectNotFound(await call(method, url, { authorization: `Bearer ${token}` }), `${method} ${url}`);
    }
  });
});
