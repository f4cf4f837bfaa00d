import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import { MEDIA_SWEEP_JOB } from '../../../src/server/media/media.job.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { multipart, scene } from './fixtures.ts';
import { filesUnder, mediaRowCount, member, settled } from './harness.ts';

type CreatedPat = { token: string };

/** The pipeline as a service (pins from a URL, the demo world) and uploads by access token. */
describe.each(databaseKinds)('media ingestion on %s', (kind) => {
  let app: TestApp;
  let actor: Actor;

  beforeAll(async () => {
    app = await startTestApp(kind);
    const client = await member(app);
    const me = (await client.get('/v3/users/me/')).json<{ data: { id: string } }>().data;
    actor = { kind: 'token', userId: me.id, tokenId: 'test', scopes: ['pins:write', 'pins:read'] };
  });
  afterAll(async () => {
    await app.close();
  });

  const sweepJobs = async () =>
    (await app.deps.db.selectFrom('jobs').select('dedupe_key').where('type', '=', MEDIA_SWEEP_JOB).execute()).map((job) => job.dedupe_key);

  it('ingestImage inline answers the ready media, with every size, its orphan sweep booked', async () => {
    const media = await ingestImage(app.deps, actor, await scene(1000, 800, 6).jpeg().toBuffer(), { inline: true });
    expect(media.status).toBe('ready');
    expect(media.images?.['236x']).toMatchObject({ width: 236, height: 189 });
    expect(media.image_signature).toMatch(/^[0-9a-f]{32}$/);
    expect(await sweepJobs()).toContain(`${MEDIA_SWEEP_JOB}:${media.id}`);
    const row = await app.deps.db.selectFrom('media').select(['status', 'upload_key']).where('id', '=', media.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'ready', upload_key: null });
  });

  it('an inline ingest of a damaged image leaves no row, no file and no job', async () => {
    const rows = await mediaRowCount(app);
    const files = filesUnder(path.join(app.config.dataDir, 'media'));
    const sweeps = await sweepJobs();
    const jpeg = await scene(900, 600, 9).jpeg({ progressive: true }).toBuffer();
    const png = await scene(300, 200, 9).png().toBuffer();
    for (const damaged of [jpeg.subarray(0, Math.floor(jpeg.length * 0.6)), png.subarray(0, Math.floor(png.length * 0.6))]) {
      await expect(ingestImage(app.deps, actor, damaged, { inline: true })).rejects.toThrow(/could not be read/);
    }
    expect(await mediaRowCount(app)).toBe(rows);
    expect(filesUnder(path.join(app.config.dataDir, 'media'))).toEqual(files);
    expect(filesUnder(path.join(app.config.dataDir, 'tmp'))).toEqual([]);
    expect(await sweepJobs()).toEqual(sweeps);
  });

  it('ingestImage without inline queues the job like an upload', async () => {
    const media = await ingestImage(app.deps, actor, await scene(300, 300, 8).png().toBuffer());
    expect(media.status).toBe('processing');
    const done = await app.deps.db.selectFrom('media').select('status').where('id', '=', media.id).executeTakeFirstOrThrow();
    expect(['processing', 'ready']).toContain(done.status);
  });

  it('ingestImage takes images only and checks its actor first', async () => {
    await expect(ingestImage(app.deps, { kind: 'visitor' }, Buffer.from('x'))).rejects.toMatchObject({ errorName: 'unauthorized' });
    const readOnly: Actor = { kind: 'token', userId: 'x', tokenId: 'test', scopes: ['pins:read'] };
    await expect(ingestImage(app.deps, readOnly, await scene(10, 10).png().toBuffer())).rejects.toMatchObject({ errorName: 'forbidden' });
    await expect(ingestImage(app.deps, actor, Buffer.from('<svg/>'))).rejects.toMatchObject({ errorName: 'unsupported_media_type' });
  });

  it('a personal access token with pins:write may upload; one without it may not', async () => {
    const browser = await member(app);
    const create = async (scopes: string[]) =>
      (await browser.resource('PersonalAccessTokenResource', 'create', { name: `t-${scopes.join()}`, scopes })).json<{
        resource_response: { data: CreatedPat };
      }>().resource_response.data.token;
    const writer = await create(['pins:write', 'pins:read']);
    const reader = await create(['pins:read']);
    const body = multipart(
      await sharp({ create: { width: 20, height: 20, channels: 3, background: '#abcdef' } })
        .png()
        .toBuffer(),
    );
    const post = (token: string) =>
      app.app.inject({ method: 'POST', url: '/v3/media/uploads/', payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
    expect((await post(reader)).statusCode).toBe(403);
    const accepted = await post(writer);
    expect(accepted.statusCode).toBe(201);
    const id = accepted.json<{ data: { id: string } }>().data.id;
    const status = await app.app.inject({ method: 'GET', url: `/v3/media/${id}/`, headers: { authorization: `Bearer ${reader}` } });
    expect(status.statusCode).toBe(200);
    await settled(browser, id);
    const ready = await app.app.inject({ method: 'GET', url: `/v3/media/${id}/`, headers: { authorization: `Bearer ${writer}` } });
    expect(ready.json<{ data: { dominant_color: string } }>().data.dominant_color).toBe('#abcdef');
  });
});
