import { describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seededRandom, seedOf } from '../auth/hostile-inputs.ts';
import { failed, ok } from '../boards/helpers.ts';
import { didItRows, photoOf, somePin, type DidIt } from './helpers.ts';

const CASES = Number(process.env['FUZZ_CASES'] ?? 25);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20261128);

type Call = (client: TestClient, options: Record<string, unknown>) => ReturnType<TestClient['resource']>;
const write =
  (name: string, verb: 'create' | 'update' | 'delete'): Call =>
  (client, options) =>
    client.resource(name, verb, options);
const read =
  (name: string): Call =>
  (client, options) =>
    client.getResource(name, options);

/** Every tried-it call refuses bad input with a clear 400 in the envelope, never a 5xx, and changes nothing. */
describe.each(databaseKinds)('tried-it bad input on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  it('each call names what is wrong, answers 400 and changes nothing', async () => {
    const { pin } = await somePin(t, 'badcreator');
    const cook = await makeUser(t.deps, 'badcook');
    const browser = await signIn(t, cook);
    const made = ok<DidIt>(await browser.resource('UserDidItDataResource', 'create', { pin_id: pin.id, media_id: await photoOf(t, cook), details: 'Good' }));
    const id = made.id;
    const cases: [string, Call, Record<string, unknown>, RegExp][] = [
      ['create', write('UserDidItDataResource', 'create'), {}, /pin_id: Required/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: 'abc', details: 'x' }, /pin_id: Not found/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id }, /details: Add a photo or a note/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, details: '   ' }, /details: Add a photo or a note/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, details: 'x'.repeat(501) }, /details/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, details: 'a\u0000b' }, /NUL/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, details: 'a\u0007b' }, /details: Please remove special characters/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, details: 5 }, /details/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: pin.id, media_id: 'photo' }, /media_id: Not found/],
      ['create', write('UserDidItDataResource', 'create'), { pin_id: [pin.id], details: 'x' }, /pin_id/],
      ['update', write('UserDidItDataResource', 'update'), {}, /id: Required/],
      ['update', write('UserDidItDataResource', 'update'), { id }, /details: Nothing to change/],
      ['update', write('UserDidItDataResource', 'update'), { id, details: 'x'.repeat(501) }, /details/],
      ['update', write('UserDidItDataResource', 'update'), { id, media_id: 'none' }, /media_id: Not found/],
      ['update', write('UserDidItDataResource', 'update'), { id: 'me', details: 'x' }, /id: Not found/],
      ['delete', write('UserDidItDataResource', 'delete'), {}, /id: Required/],
      ['delete', write('UserDidItDataResource', 'delete'), { id: '1 or 1=1' }, /id: Not found/],
      ['get', read('UserDidItDataResource'), {}, /id: Required/],
      ['get', read('UserDidItDataResource'), { id: '../1' }, /id: Not found/],
      ['pin feed', read('PinDidItFeedResource'), {}, /pin_id: Required/],
      ['pin feed', read('PinDidItFeedResource'), { pin_id: 'x' }, /pin_id: Not found/],
      ['pin feed', read('PinDidItFeedResource'), { pin_id: pin.id, bookmark: 'not-ours' }, /bookmark: This bookmark is not one of ours/],
      ['pin feed', read('PinDidItFeedResource'), { pin_id: pin.id, bookmark: 'x'.repeat(600) }, /bookmark/],
      ['user feed', read('UserDidItFeedResource'), {}, /username: Required/],
      ['user feed', read('UserDidItFeedResource'), { username: '' }, /username/],
      ['user feed', read('UserDidItFeedResource'), { username: 'x'.repeat(101) }, /username/],
      ['user feed', read('UserDidItFeedResource'), { username: cook.username, bookmark: 'W10' }, /bookmark: This bookmark is not one of ours/],
      ['like', write('DidItReactionResource', 'create'), { id }, /reaction_type/],
      ['like', write('DidItReactionResource', 'create'), { id, reaction_type: 2 }, /reaction_type: This is not a reaction type/],
      ['like', write('DidItReactionResource', 'create'), { id, reaction_type: '1' }, /reaction_type: This is not a reaction type/],
      ['like', write('DidItReactionResource', 'create'), { reaction_type: 1 }, /id: Required/],
      ['unlike', write('DidItReactionResource', 'delete'), { id, reaction_type: 9 }, /reaction_type/],
      ['unlike', write('DidItReactionResource', 'delete'), {}, /id: Required/],
      ['helpful', write('DidItHelpfulResource', 'create'), {}, /id: Required/],
      ['helpful', write('DidItHelpfulResource', 'create'), { id: 'x' }, /id: Not found/],
      ['unhelpful', write('DidItHelpfulResource', 'delete'), { id: null }, /id/],
    ];
    const before = await didItRows(t.deps);
    for (const [what, call, options, message] of cases) {
      const response = await call(browser, options);
      const where = `${what} ${JSON.stringify(options).slice(0, 120)}`;
      failed(response, 400);
      expect(response.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message, where).toMatch(message);
    }
    expect(await didItRows(t.deps)).toBe(before);
  });

  it('a photo that is a video or failed processing is refused with 400', async () => {
    const { pin } = await somePin(t, 'videocreator');
    const cook = await makeUser(t.deps, 'videocook');
    const browser = await signIn(t, cook);
    const now = Date.now();
    const base = { owner_id: cook.id, failure_reason: null, source_size: 1, upload_key: null, key_salt: 'salt', created_at: now, updated_at: now };
    await t.deps.db
      .insertInto('media')
      .values([
        { ...base, id: '9100000000000001', kind: 'video', status: 'ready', source_type: 'video/mp4' },
        { ...base, id: '9100000000000002', kind: 'image', status: 'failed', source_type: 'image/png' },
      ])
      .execute();
    const before = await didItRows(t.deps);
    for (const [mediaId, message] of [
      ['9100000000000001', /media_id: A tried-it shows a photo/],
      ['9100000000000002', /media_id: This upload could not be processed/],
    ] as const) {
      const response = await browser.resource('UserDidItDataResource', 'create', { pin_id: pin.id, media_id: mediaId });
      failed(response, 400);
      expect(response.body).toMatch(message);
    }
    expect(await didItRows(t.deps)).toBe(before);
  });

  it('never answers 5xx to hostile options, always the error envelope, and a refused call changes nothing', async () => {
    const { pin } = await somePin(t, 'fuzzcreator');
    const cook = await makeUser(t.deps, 'fuzzcook');
    const browser = await signIn(t, cook);
    const made = ok<DidIt>(await browser.resource('UserDidItDataResource', 'create', { pin_id: pin.id, details: 'Fuzz me' }));
    const calls: [string, string, Record<string, unknown>][] = [
      ['UserDidItDataResource', 'create', { pin_id: pin.id, details: 'Again' }],
      ['UserDidItDataResource', 'update', { id: made.id, details: 'Changed' }],
      ['UserDidItDataResource', 'get', { id: made.id }],
      ['PinDidItFeedResource', 'get', { pin_id: pin.id, bookmark: '' }],
      ['UserDidItFeedResource', 'get', { username: cook.username }],
      ['DidItReactionResource', 'create', { id: made.id, reaction_type: 1 }],
      ['DidItHelpfulResource', 'delete', { id: made.id }],
      ['UserDidItDataResource', 'delete', { id: made.id }],
    ];
    for (const [name, verb, example] of calls) {
      const seed = seedOf(`${name}/${verb}`, BASE_SEED);
      const random = seededRandom(seed);
      for (let i = 0; i < CASES; i += 1) {
        const before = await didItRows(t.deps);
        const call = hostileResourceCall(name, verb, example, random, BODY_LIMIT);
        const response = await browser.request(call);
        const where = `${name}/${verb} case ${i} (seed ${seed}): ${call.url.slice(0, 300)}`;
        expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
        expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
        if (response.statusCode >= 400) {
          expectResourceFailure(response, where);
          expect(await didItRows(t.deps), where).toBe(before);
        }
      }
    }
  });
});
