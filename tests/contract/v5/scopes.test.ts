import { beforeAll, describe, expect, it } from 'vitest';
import { createPat, revokePatById } from '../../../src/server/auth/pat.service.ts';
import { registerUpload } from '../../../src/server/media/registration.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, memberActor, signIn, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { ALL_SCOPES, answered, base64Png, imageSource, makeToken, snapshot, urlOf, v5, type ErrorBody, type Scope } from './helpers.ts';
import { OPERATIONS, type Ids } from './operations.ts';

/**
 * Every operation asks for a personal access token (401 without one, a browser session included)
 * holding every scope the reference names for it (403 naming what is missing), checked before
 * anything is read or changed; secret boards also need the secret write scopes to be changed.
 */
describe.each(databaseKinds)('public API tokens and scopes on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  let user: TestUser;
  let ids: Ids;
  /** One token per scope, holding every scope but that one (made once: a member may hold 50). */
  const withoutScope = new Map<Scope, string>();

  beforeAll(async () => {
    user = await makeUser(t.deps, 'v5scoped');
    const other = await makeUser(t.deps, 'v5other');
    const board = await makeBoard(t.deps, user);
    const section = await makeSection(t.deps, user, board);
    const { pin } = await makePin(t.deps, user, board);
    const othersPin = (await makePin(t.deps, other, await makeBoard(t.deps, other))).pin;
    const pat = await createPat(t.deps, memberActor(user.id), { name: 'registrar', scopes: ['pins:read', 'pins:write'] });
    const actor = { kind: 'token' as const, userId: user.id, tokenId: pat.id, scopes: pat.scopes };
    const media = (await registerUpload(t.deps, actor, 'video')).registration.id;
    ids = {
      board: board.id,
      otherBoard: (await makeBoard(t.deps, user)).id,
      section: section.id,
      pin: pin.id,
      othersPin: othersPin.id,
      media,
      image: await base64Png(),
    };
    for (const missing of ALL_SCOPES)
      withoutScope.set(
        missing,
        await makeToken(
          t,
          user,
          ALL_SCOPES.filter((s: Scope) => s !== missing),
        ),
      );
  });

  it.each(OPERATIONS)('$method $path: 401 without a token or with a session, 403 for each missing scope, nothing changed', async (operation) => {
    const call = { ...operation.example(ids), path: operation.path };
    const before = await snapshot(t);
    const anonymous = await v5(t, operation.method, { ...call, token: null });
    expect(answered<ErrorBody>(anonymous, 401).message).toMatch(/personal access token/);

    const browser = await signIn(t, user);
    const session = await browser.request({
      method: operation.method,
      url: urlOf(call),
      ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body), headers: { 'content-type': 'application/json' } }),
    });
    expect(session.statusCode, session.body).toBe(401);

    for (const missing of operation.scopes) {
      const refused = await v5(t, operation.method, { ...call, token: withoutScope.get(missing) ?? null });
      expect(answered<ErrorBody>(refused, 403).message, `${operation.method} ${operation.path} without ${missing}`).toContain(missing);
    }
    expect(await snapshot(t)).toBe(before);
  });

  it('a revoked or made-up token is 401', async () => {
    const pat = await createPat(t.deps, memberActor(user.id), { name: 'soon gone', scopes: [...ALL_SCOPES] });
    expect((await v5(t, 'GET', { path: '/user_account', token: pat.token })).statusCode).toBe(200);
    await revokePatById(t.deps, memberActor(user.id), pat.id);
    expect((await v5(t, 'GET', { path: '/user_account', token: pat.token })).statusCode).toBe(401);
    expect((await v5(t, 'GET', { path: '/user_account', token: 'cbpat_madeup' })).statusCode).toBe(401);
  });

  it('a secret board is changed only with the secret write scopes', async () => {
    const readsSecret: Scope[] = ['boards:read', 'boards:read_secret', 'boards:write', 'pins:read', 'pins:write'];
    const token = await makeToken(t, user, readsSecret);
    const secret = await makeBoard(t.deps, user, { privacy: 'secret' });
    const before = await snapshot(t);
    expect((await v5(t, 'GET', { path: '/boards/{board_id}', params: { board_id: secret.id }, token })).statusCode).toBe(200);
    const rename = await v5(t, 'PATCH', { path: '/boards/{board_id}', params: { board_id: secret.id }, token, body: { name: 'x' } });
    expect(answered<ErrorBody>(rename, 403).message).toMatch(/secret write scope/);
    expect((await v5(t, 'POST', { path: '/boards', token, body: { name: 'Hidden', privacy: 'SECRET' } })).statusCode).toBe(403);
    expect((await v5(t, 'POST', { path: '/pins', token, body: { board_id: secret.id, media_source: await imageSource() } })).statusCode).toBe(403);
    expect(await snapshot(t)).toBe(before);
    const writer = await makeToken(t, user, [...readsSecret, 'boards:write_secret', 'pins:write_secret']);
    expect((await v5(t, 'POST', { path: '/pins', token: writer, body: { board_id: secret.id, media_source: await imageSource() } })).statusCode).toBe(201);
  });
});
