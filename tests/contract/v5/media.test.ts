import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokePatById } from '../../../src/server/auth/pat.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makeUser, memberActor } from '../../support/factories.ts';
import { makeVideo } from '../media/fixtures.ts';
import { allPages, answered, makeToken, snapshot, v5, type ErrorBody } from './helpers.ts';

type MediaUpload = { media_id: string; media_type: 'video'; upload_url: string; upload_parameters: Record<string, string> };
type Media = { media_id: string; media_type: 'video'; status: 'registered' | 'processing' | 'succeeded' | 'failed' };

const BOUNDARY = '----v5-upload-boundary';

/** The form post the reference describes: every upload parameter, then the file. */
function uploadForm(parameters: Record<string, string>, file: Buffer, filename = 'clip.mp4'): { payload: Buffer; headers: Record<string, string> } {
  const fields = Object.entries(parameters).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(
    `${fields.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}

describe.each(databaseKinds)('public API media uploads on %s', (kind) => {
  let t: TestApp;
  let video: Buffer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-v5-media-'));

  beforeAll(async () => {
    t = await startTestApp(kind);
    video = fs.readFileSync(makeVideo(dir, { width: 160, height: 120, seconds: 1, format: 'mp4' }));
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function register(token: string): Promise<MediaUpload> {
    return answered<MediaUpload>(await v5(t, 'POST', { path: '/media', token, body: { media_type: 'video' } }), 201);
  }

  async function upload(
    registered: Pick<MediaUpload, 'upload_url' | 'upload_parameters'>,
    file: Buffer,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const form = uploadForm(registered.upload_parameters, file);
    // No bearer token and no cookie: the upload parameters are the authority, as with object storage.
    return t.app.inject({ method: 'POST', url: new URL(registered.upload_url).pathname, payload: form.payload, headers: { ...form.headers, ...headers } });
  }

  async function status(token: string, id: string): Promise<Media['status']> {
    return answered<Media>(await v5(t, 'GET', { path: '/media/{media_id}', params: { media_id: id }, token }), 200).status;
  }

  async function settled(token: string, id: string): Promise<Media['status']> {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const now = await status(token, id);
      if (now !== 'processing' || Date.now() > deadline) return now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('registers a video, takes its file at the upload URL, processes it, and a pin is made from it', async () => {
    const owner = await makeUser(t.deps, 'v5video');
    const token = await makeToken(t, owner);
    const registered = await register(token);
    expect(registered).toMatchObject({ media_type: 'video', upload_parameters: { 'Content-Type': 'multipart/form-data' } });
    expect(registered.upload_url).toBe(`${t.config.publicUrl.origin}/v5/media/${registered.media_id}/upload`);
    expect(await status(token, registered.media_id)).toBe('registered');

    const uploaded = await upload(registered, video);
    expect(uploaded.statusCode, uploaded.body).toBe(204);
    expect(['processing', 'succeeded']).toContain(await status(token, registered.media_id));
    expect(await settled(token, registered.media_id)).toBe('succeeded');

    const board = await makeBoard(t.deps, owner);
    const pin = answered<{ creative_type: string; media: { media_type: string; video_url: string; duration: number; width: number; cover_image_url: string } }>(
      await v5(t, 'POST', {
        path: '/pins',
        token,
        body: {
          board_id: board.id,
          title: 'Test pattern',
          media_source: { source_type: 'video_id', media_id: registered.media_id, cover_image_key_frame_time: 0 },
        },
      }),
      201,
    );
    expect(pin).toMatchObject({ creative_type: 'VIDEO', media: { media_type: 'video', width: 160 } });
    expect(pin.media.video_url).toMatch(/^http/);
    expect(pin.media.cover_image_url).toMatch(/^http/);
    expect(pin.media.duration).toBeGreaterThan(800);
  });

  it('a file that is not a video fails the registration; one file per registration', async () => {
    const owner = await makeUser(t.deps, 'v5notvideo');
    const token = await makeToken(t, owner);
    const registered = await register(token);
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const refused = await upload(registered, png);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ code: expect.any(Number) as unknown, message: 'Only videos are accepted here.' });
    expect(await status(token, registered.media_id)).toBe('failed');
    expect((await upload(registered, video)).statusCode).toBe(409);
    expect(await t.deps.db.selectFrom('media').select('id').where('id', '=', registered.media_id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses wrong or missing upload parameters, expired URLs and revoked tokens, storing nothing', async () => {
    const owner = await makeUser(t.deps, 'v5refused');
    const tokenRow = await makeToken(t, owner);
    const registered = await register(tokenRow);
    const before = await snapshot(t);
    const wrong = await upload({ ...registered, upload_parameters: { ...registered.upload_parameters, upload_token: 'not-the-secret' } }, video);
    expect(answered<ErrorBody>(wrong, 403).message).toMatch(/not the ones/);
    const missing = await upload({ ...registered, upload_parameters: { key: 'x' } }, video);
    expect(answered<ErrorBody>(missing, 400).message).toMatch(/upload_token/);
    const unknown = await upload({ ...registered, upload_url: registered.upload_url.replace(registered.media_id, '12345') }, video);
    expect(unknown.statusCode).toBe(404);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: new URL(registered.upload_url).pathname,
      payload: video,
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await snapshot(t)).toBe(before);

    await t.deps.db
      .updateTable('media_registrations')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', registered.media_id)
      .execute();
    expect(answered<ErrorBody>(await upload(registered, video), 403).message).toMatch(/expired/);
    expect(await status(tokenRow, registered.media_id)).toBe('failed');

    const other = await register(tokenRow);
    const pat = await t.deps.db.selectFrom('media_registrations').select('token_id').where('id', '=', other.media_id).executeTakeFirstOrThrow();
    await revokePatById(t.deps, memberActor(owner.id), pat.token_id);
    expect(answered<ErrorBody>(await upload(other, video), 403).message).toMatch(/revoked/);
  });

  it('of two uploads racing for one registration exactly one is taken', async () => {
    const owner = await makeUser(t.deps, 'v5race');
    const token = await makeToken(t, owner);
    const registered = await register(token);
    const answers = await Promise.all([upload(registered, video), upload(registered, video)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
    expect(await settled(token, registered.media_id)).toBe('succeeded');
  });

  it("lists the token user's registrations newest first; another user's are not found; a pin needs the file first", async () => {
    const owner = await makeUser(t.deps, 'v5lists');
    const token = await makeToken(t, owner);
    const made = [];
    for (let i = 0; i < 5; i += 1) made.push(await register(token));
    const { items, pages } = await allPages<Media>(t, { path: '/media', token, pageSize: 2 });
    expect(pages).toBe(3);
    expect(items.map((m) => m.media_id)).toEqual(made.map((m) => m.media_id).reverse());
    expect(items.every((m) => m.status === 'registered')).toBe(true);

    const stranger = await makeUser(t.deps, 'v5peeker');
    const strangerToken = await makeToken(t, stranger);
    const first = made[0]?.media_id ?? '';
    expect((await v5(t, 'GET', { path: '/media/{media_id}', params: { media_id: first }, token: strangerToken })).statusCode).toBe(404);
    const board = await makeBoard(t.deps, owner);
    const source = { source_type: 'video_id', media_id: first };
    const early = await v5(t, 'POST', { path: '/pins', token, body: { board_id: board.id, media_source: source } });
    expect(answered<ErrorBody>(early, 400).message).toMatch(/upload_url first/);
    const strangersBoard = await makeBoard(t.deps, stranger);
    expect((await v5(t, 'POST', { path: '/pins', token: strangerToken, body: { board_id: strangersBoard.id, media_source: source } })).statusCode).toBe(404);
  });
});
