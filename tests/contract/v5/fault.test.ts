import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { acceptRegisteredUpload, registerUpload } from '../../../src/server/media/registration.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { expectLoggedError } from '../../support/fail-on-unexpected-errors.ts';
import { makeBoard, makePin, makeUser, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { expectReferenceShape } from '../../support/openapi.ts';
import { makeVideo } from '../media/fixtures.ts';
import { answered, makeToken, snapshot, urlOf, type Call, type Method } from './helpers.ts';

/**
 * A write of the public API whose transaction fails midway leaves nothing behind: the board or
 * save rows are written before the owner's profile counters, and a trigger makes the profile
 * write fail, so a change that did not roll back whole would leave its rows.
 */
describe.each(databaseKinds)('a failing public API write leaves nothing behind on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-v5-fault-'));
  afterAll(() => {
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function failProfileWritesOf(user: TestUser): Promise<() => Promise<void>> {
    const name = `fail_v5_${user.id}`;
    if (kind === 'sqlite') {
      for (const event of ['insert', 'update']) {
        const row = event === 'insert' ? 'new' : 'old';
        await sql
          .raw(
            `create trigger ${name}_${event} before ${event} on user_profiles when ${row}.user_id = '${user.id}' begin select raise(abort, 'injected fault'); end`,
          )
          .execute(t.deps.db);
      }
      return async () => {
        for (const event of ['insert', 'update']) await sql.raw(`drop trigger ${name}_${event}`).execute(t.deps.db);
      };
    }
    await sql
      .raw(`create or replace function injected_fault() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`)
      .execute(t.deps.db);
    await sql
      .raw(`create trigger ${name} before insert or update on user_profiles for each row when (new.user_id = '${user.id}') execute function injected_fault()`)
      .execute(t.deps.db);
    return async () => {
      await sql.raw(`drop trigger ${name} on user_profiles`).execute(t.deps.db);
    };
  }

  async function call(method: Method, c: Call) {
    const response = await t.app.inject({
      method,
      url: urlOf(c),
      headers: { authorization: `Bearer ${c.token ?? ''}`, ...(c.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(c.body === undefined ? {} : { payload: JSON.stringify(c.body) }),
    });
    expectReferenceShape(method, c.path, response);
    return response;
  }

  it('board creation, pin creation from a registered video, a save and a board deletion roll back whole', async () => {
    const owner = await makeUser(t.deps, 'v5faulty');
    const creator = await makeUser(t.deps, 'v5source');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, creator, await makeBoard(t.deps, creator));
    const pat = await t.deps.db.selectFrom('personal_access_tokens').select(['id', 'scopes']).where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    const actor = { kind: 'token' as const, userId: owner.id, tokenId: pat.id, scopes: pat.scopes.split(' ') };
    const { registration, uploadSecret } = await registerUpload(t.deps, actor, 'video');
    await acceptRegisteredUpload(t.deps, registration.id, uploadSecret, makeVideo(dir, { width: 64, height: 48, seconds: 1, format: 'mp4' }));

    const before = await snapshot(t);
    const restore = await failProfileWritesOf(owner);
    try {
      expectLoggedError(4);
      const answers = [
        await call('POST', { path: '/boards', token, body: { name: 'Never' } }),
        await call('POST', {
          path: '/pins',
          token,
          body: { board_id: board.id, title: 'Never', media_source: { source_type: 'video_id', media_id: registration.id } },
        }),
        await call('POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, token, body: { board_id: board.id } }),
        await call('DELETE', { path: '/boards/{board_id}', params: { board_id: board.id }, token }),
      ];
      for (const answer of answers) expect(answered<{ code: number; message: string }>(answer, 500).message).toBe('Sorry! Something went wrong on our end!');
    } finally {
      await restore();
    }
    expect(await snapshot(t)).toBe(before);
    // Once the fault is gone the same calls go through.
    expect((await call('POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, token, body: { board_id: board.id } })).statusCode).toBe(201);
    expect((await call('POST', { path: '/boards', token, body: { name: 'Now' } })).statusCode).toBe(201);
  });
});
