import { beforeAll, describe, expect, it } from 'vitest';
import { createPat } from '../../../src/server/auth/pat.service.ts';
import { registerUpload } from '../../../src/server/media/registration.service.ts';
import { MAX_INLINE_IMAGE_CHARS } from '../../../src/shared/contracts/v5-pins.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, memberActor, withCountedTestApp } from '../../support/factories.ts';
import { hostileValue, mutate, seedOf, seededRandom } from '../auth/hostile-inputs.ts';
import { answered, base64Png, makeToken, snapshot, urlOf, v5, type Call, type ErrorBody, type Method } from './helpers.ts';
import { OPERATIONS, type Ids } from './operations.ts';

const CASES = Number(process.env['FUZZ_CASES'] ?? 40);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20240505);

type Case = [string, Method, (ids: Ids) => Omit<Call, 'token'>, number];

/** Named bad inputs with the answer each must get; the reference's Error body every time. */
const CASES_BY_HAND: Case[] = [
  ['malformed board id', 'GET', () => ({ path: '/boards/{board_id}', params: { board_id: 'abc' } }), 400],
  ['unknown board id', 'GET', () => ({ path: '/boards/{board_id}', params: { board_id: '12345' } }), 404],
  ['a 40-digit board id', 'GET', () => ({ path: '/boards/{board_id}', params: { board_id: '9'.repeat(40) } }), 404],
  ['a bookmark not of ours', 'GET', () => ({ path: '/boards', query: { bookmark: 'not-a-bookmark' } }), 400],
  [
    'a forged bookmark with text for a time',
    'GET',
    (i) => ({ path: '/boards/{board_id}/pins', params: { board_id: i.board }, query: { bookmark: 'WyJ4IiwiMSJd' } }),
    400,
  ],
  ['page_size 0', 'GET', () => ({ path: '/pins', query: { page_size: '0' } }), 400],
  ['page_size 251', 'GET', () => ({ path: '/boards', query: { page_size: '251' } }), 400],
  ['page_size not a number', 'GET', (i) => ({ path: '/boards/{board_id}/sections', params: { board_id: i.board }, query: { page_size: 'ten' } }), 400],
  ['an unknown privacy filter', 'GET', () => ({ path: '/boards', query: { privacy: 'FRIENDS' } }), 400],
  ['a pin search without a query', 'GET', () => ({ path: '/search/pins' }), 400],
  ['a pin search of spaces', 'GET', () => ({ path: '/search/pins', query: { query: '   ' } }), 400],
  ['a pin search too long', 'GET', () => ({ path: '/search/pins', query: { query: 'q'.repeat(201) } }), 400],
  ['a pin search with a bookmark not of ours', 'GET', () => ({ path: '/search/pins', query: { query: 'garden', bookmark: 'WyJ4Il0' } }), 400],
  ['a board search with a NUL', 'GET', () => ({ path: '/search/boards', query: { query: 'a\u0000b' } }), 400],
  ['a board search page_size 0', 'GET', () => ({ path: '/search/boards', query: { query: 'garden', page_size: '0' } }), 400],
  ['an unknown creative type', 'GET', () => ({ path: '/pins', query: { creative_types: 'HOLOGRAM' } }), 400],
  ['pin_type PRIVATE', 'GET', () => ({ path: '/pins', query: { pin_type: 'PRIVATE' } }), 400],
  ['Business Access', 'GET', () => ({ path: '/user_account', query: { ad_account_id: '123' } }), 400],
  ['a board without a name', 'POST', () => ({ path: '/boards', body: { description: 'x' } }), 400],
  ['a board name of a number', 'POST', () => ({ path: '/boards', body: { name: 42 } }), 400],
  ['a board name too long', 'POST', () => ({ path: '/boards', body: { name: 'n'.repeat(51) } }), 400],
  ['a board description too long', 'POST', () => ({ path: '/boards', body: { name: 'ok', description: 'd'.repeat(501) } }), 400],
  ['a protected board', 'POST', () => ({ path: '/boards', body: { name: 'ok', privacy: 'PROTECTED' } }), 400],
  ['an ad-only board', 'POST', () => ({ path: '/boards', body: { name: 'ok', is_ads_only: true } }), 400],
  ['a board body that is an array', 'POST', () => ({ path: '/boards', body: [{ name: 'ok' }] }), 400],
  ['a board privacy in lower case', 'PATCH', (i) => ({ path: '/boards/{board_id}', params: { board_id: i.board }, body: { privacy: 'secret' } }), 400],
  ['a NUL in a board name', 'PATCH', (i) => ({ path: '/boards/{board_id}', params: { board_id: i.board }, body: { name: 'a\u0000b' } }), 400],
  ['an empty section name', 'POST', (i) => ({ path: '/boards/{board_id}/sections', params: { board_id: i.board }, body: { name: '' } }), 400],
  [
    'a section name too long',
    'PATCH',
    (i) => ({ path: '/boards/{board_id}/sections/{section_id}', params: { board_id: i.board, section_id: i.section }, body: { name: 's'.repeat(181) } }),
    400,
  ],
  ['an unknown section', 'DELETE', (i) => ({ path: '/boards/{board_id}/sections/{section_id}', params: { board_id: i.board, section_id: '777' } }), 404],
  ['a pin without a media source', 'POST', (i) => ({ path: '/pins', body: { board_id: i.board } }), 400],
  [
    'a pin on an unknown board',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: '4242', media_source: { source_type: 'image_base64', content_type: 'image/png', data: i.image } } }),
    404,
  ],
  [
    'a pin in another board’s section',
    'POST',
    (i) => ({
      path: '/pins',
      body: { board_id: i.otherBoard, board_section_id: i.section, media_source: { source_type: 'image_base64', content_type: 'image/png', data: i.image } },
    }),
    404,
  ],
  [
    'base64 that is not',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'image_base64', content_type: 'image/png', data: 'not base64!' } } }),
    400,
  ],
  [
    'base64 of something not an image',
    'POST',
    (i) => ({
      path: '/pins',
      body: {
        board_id: i.board,
        media_source: { source_type: 'image_base64', content_type: 'image/png', data: Buffer.from('hello world, no image here').toString('base64') },
      },
    }),
    415,
  ],
  [
    'an image content type we do not know',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'image_base64', content_type: 'image/tiff', data: i.image } } }),
    400,
  ],
  [
    'an image URL on a private address',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'image_url', url: 'http://127.0.0.1/a.jpg' } } }),
    400,
  ],
  [
    'an image URL that is not http',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'image_url', url: 'file:///etc/passwd' } } }),
    400,
  ],
  [
    'a carousel source',
    'POST',
    (i) => ({
      path: '/pins',
      body: {
        board_id: i.board,
        media_source: { source_type: 'multiple_image_urls', items: [{ url: 'https://a.example/1.jpg' }, { url: 'https://a.example/2.jpg' }] },
      },
    }),
    400,
  ],
  ['a product pin source', 'POST', (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'pin_url' } } }), 400],
  ['an unknown source type', 'POST', (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'telepathy' } } }), 400],
  ['a video id of nothing', 'POST', (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'video_id', media_id: '99999' } } }), 404],
  [
    'a video that was never sent',
    'POST',
    (i) => ({ path: '/pins', body: { board_id: i.board, media_source: { source_type: 'video_id', media_id: i.media } } }),
    400,
  ],
  [
    'a javascript: link',
    'POST',
    (i) => ({
      path: '/pins',
      body: { board_id: i.board, link: 'javascript:alert(1)', media_source: { source_type: 'image_base64', content_type: 'image/png', data: i.image } },
    }),
    400,
  ],
  ['a title too long', 'PATCH', (i) => ({ path: '/pins/{pin_id}', params: { pin_id: i.pin }, body: { title: 't'.repeat(101) } }), 400],
  ['a description too long', 'PATCH', (i) => ({ path: '/pins/{pin_id}', params: { pin_id: i.pin }, body: { description: 'd'.repeat(801) } }), 400],
  ['a link too long', 'PATCH', (i) => ({ path: '/pins/{pin_id}', params: { pin_id: i.pin }, body: { link: `https://a.example/${'l'.repeat(2048)}` } }), 400],
  ['carousel slots', 'PATCH', (i) => ({ path: '/pins/{pin_id}', params: { pin_id: i.pin }, body: { carousel_slots: [{ title: 'x' }] } }), 400],
  ['a move to an unknown board', 'PATCH', (i) => ({ path: '/pins/{pin_id}', params: { pin_id: i.pin }, body: { board_id: '31337' } }), 404],
  [
    'a parent pin on create',
    'POST',
    (i) => ({
      path: '/pins',
      body: { board_id: i.board, parent_pin_id: i.othersPin, media_source: { source_type: 'image_base64', content_type: 'image/png', data: i.image } },
    }),
    400,
  ],
  ['a save of an unknown pin', 'POST', () => ({ path: '/pins/{pin_id}/save', params: { pin_id: 'nope' }, body: {} }), 404],
  ['a NUL in the save path', 'POST', () => ({ path: '/pins/{pin_id}/save', params: { pin_id: '1\u0000' }, body: {} }), 404],
  ['a save to a malformed board', 'POST', (i) => ({ path: '/pins/{pin_id}/save', params: { pin_id: i.othersPin }, body: { board_id: 'x1' } }), 400],
  [
    'a save to a section of another board',
    'POST',
    (i) => ({ path: '/pins/{pin_id}/save', params: { pin_id: i.othersPin }, body: { board_id: i.otherBoard, board_section_id: i.section } }),
    404,
  ],
  ['a delete of an unknown pin', 'DELETE', () => ({ path: '/pins/{pin_id}', params: { pin_id: '8080' } }), 404],
  ['an image media type', 'POST', () => ({ path: '/media', body: { media_type: 'image' } }), 400],
  ['media status of a malformed id', 'GET', () => ({ path: '/media/{media_id}', params: { media_id: '1e5' } }), 400],
  ['media status of an unknown id', 'GET', () => ({ path: '/media/{media_id}', params: { media_id: '1' } }), 404],
];

/** A hostile value as it can travel in a path or a query string. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value.toWellFormed();
  const json: unknown = JSON.stringify(value);
  return typeof json === 'string' ? json.toWellFormed() : '';
}

function textFields(fields: Record<string, unknown>, arrays: boolean): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, arrays && Array.isArray(value) ? value.map(asText) : asText(value)]));
}

describe.each(databaseKinds)('bad input to the public API on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );
  let token: string;
  let ids: Ids;

  beforeAll(async () => {
    const user = await makeUser(t.deps, 'v5fuzzer');
    const other = await makeUser(t.deps, 'v5target');
    const board = await makeBoard(t.deps, user);
    const section = await makeSection(t.deps, user, board);
    const { pin } = await makePin(t.deps, user, board);
    const othersPin = (await makePin(t.deps, other, await makeBoard(t.deps, other))).pin;
    const pat = await createPat(t.deps, memberActor(user.id), { name: 'fuzz', scopes: ['pins:read', 'pins:write'] });
    const media = (await registerUpload(t.deps, { kind: 'token', userId: user.id, tokenId: pat.id, scopes: pat.scopes }, 'video')).registration.id;
    ids = {
      board: board.id,
      otherBoard: (await makeBoard(t.deps, user)).id,
      section: section.id,
      pin: pin.id,
      othersPin: othersPin.id,
      media,
      image: await base64Png(),
    };
    token = await makeToken(t, user);
  });

  it.each(CASES_BY_HAND)('%s (%s) answers a clear error and changes nothing', async (_name, method, make, status) => {
    const before = await snapshot(t);
    const body = answered<ErrorBody>(await v5(t, method, { ...make(ids), token }), status);
    expect(body.message.length).toBeGreaterThan(3);
    expect(await snapshot(t)).toBe(before);
  });

  it('addresses the router cannot take: a path that does not decode, an id past the length limit', async () => {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const undecodable = await t.app.inject({ method: 'PATCH', url: '/v5/boards/%zz', payload: '{}', headers });
    expect(answered<ErrorBody>(undecodable, 400).message).toBe('This address is not valid.');
    const long = await t.app.inject({ method: 'PATCH', url: `/v5/pins/${'1'.repeat(300)}`, payload: '{}', headers });
    expect(answered<ErrorBody>(long, 404)).toEqual({ code: expect.any(Number) as unknown, message: 'Not found.' });
  });

  it('broken bodies: bad JSON, the wrong content type, too large', async () => {
    const before = await snapshot(t);
    const inject = (payload: string, contentType: string, url = '/v5/boards') =>
      t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
    expect((await inject('{"name":', 'application/json')).statusCode).toBe(400);
    expect((await inject('<board/>', 'application/xml')).statusCode).toBe(415);
    expect((await inject(JSON.stringify({ name: 'x', description: 'd'.repeat(2 * 1024 * 1024) }), 'application/json')).statusCode).toBe(413);
    const huge = JSON.stringify({
      board_id: ids.board,
      media_source: { source_type: 'image_base64', content_type: 'image/png', data: 'A'.repeat(MAX_INLINE_IMAGE_CHARS + 4) },
    });
    const tooBig = await inject(huge, 'application/json', '/v5/pins');
    expect([400, 413]).toContain(tooBig.statusCode);
    expect(tooBig.json()).toEqual({ code: expect.any(Number) as unknown, message: expect.any(String) as unknown });
    expect(await snapshot(t)).toBe(before);
  });

  it.each(OPERATIONS)('$method $path: hostile variations never answer 5xx and a refusal changes nothing', async (operation) => {
    const seed = seedOf(`${operation.method} ${operation.path}`, BASE_SEED);
    const random = seededRandom(seed);
    let before = await snapshot(t);
    for (let i = 0; i < CASES; i += 1) {
      const example = operation.example(ids);
      const call: Call = {
        path: operation.path,
        token,
        ...(example.params ? { params: textFields(mutate(random, example.params, 4096), false) as Record<string, string> } : {}),
        ...(example.query ? { query: textFields(mutate(random, example.query, 4096), true) } : {}),
        ...(example.body !== undefined
          ? { body: random.chance(0.85) ? mutate(random, example.body as Record<string, unknown>, 64 * 1024) : hostileValue(random, 64 * 1024) }
          : {}),
      };
      const where = `${operation.method} ${urlOf(call).slice(0, 200)} case ${i} (seed ${seed})`;
      let response;
      try {
        response = await v5(t, operation.method, call);
      } catch (error) {
        throw new Error(`${where}: ${String(error)}`, { cause: error });
      }
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) expect(await snapshot(t), where).toBe(before);
      else before = await snapshot(t);
    }
  });
});
