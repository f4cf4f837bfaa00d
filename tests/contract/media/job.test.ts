import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/server/access/actor.ts';
import type { Deps } from '../../../src/server/deps.ts';
import { MEDIA_JOB_ATTEMPTS } from '../../../src/server/media/limits.ts';
import { uploadKey } from '../../../src/server/media/media-keys.ts';
import { MEDIA_SWEEP_JOB, ORPHAN_SWEEP_DELAY_MS, processMediaJob, sweepOrphanJob } from '../../../src/server/media/media.job.ts';
import { ingestImage } from '../../../src/server/media/media.service.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { scene } from './fixtures.ts';
import { member } from './harness.ts';

/** The media.process job, run by hand (no worker): idempotent, retried, failed on its last attempt. */
describe.each(databaseKinds)('the media job on %s', (kind) => {
  let app: TestApp;
  let deps: Deps;
  let actor: Actor;

  beforeAll(async () => {
    app = await startTestApp(kind, { worker: false });
    deps = app.deps;
    const client = await member(app);
    const me = (await client.get('/v3/users/me/')).json<{ data: { id: string } }>().data;
    actor = { kind: 'token', userId: me.id, tokenId: 'test', scopes: ['pins:write'] };
  });
  afterAll(async () => {
    await app.close();
  });

  const row = (id: string) => deps.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const run = (mediaId: string, attempt = 1) => processMediaJob(deps)({ mediaId }, { id: 'test', attempt });

  it('a rerun after a crash before the commit writes the same files; a run after ready changes nothing', async () => {
    const { id } = await ingestImage(deps, actor, await scene(900, 600, 21).jpeg().toBuffer());
    const upload = await deps.ports.blobs.get(uploadKey(id));
    const source = Buffer.concat((await (upload?.body.toArray() ?? Promise.resolve([]))) as Buffer[]);
    await run(id);
    const first = await row(id);
    expect(first.status).toBe('ready');
    expect(await deps.ports.blobs.head(uploadKey(id))).toBeNull();

    // As if the process died after storing the files and before the row said ready.
    await deps.ports.blobs.put(uploadKey(id), source, 'image/jpeg');
    await deps.db.updateTable('media').set({ status: 'processing', images: null }).where('id', '=', id).execute();
    await run(id);
    const second = await row(id);
    expect(second.status).toBe('ready');
    expect(second.images).toBe(first.images);

    await run(id);
    expect(await row(id)).toEqual(second);
  });

  it('an unexpected failure is retried, and the last attempt marks the media failed', async () => {
    const { id } = await ingestImage(deps, actor, await scene(200, 200, 22).png().toBuffer());
    const get = deps.ports.blobs.get.bind(deps.ports.blobs);
    deps.ports.blobs.get = () => Promise.reject(new Error('storage is down'));
    try {
      await expect(run(id, 1)).rejects.toThrow('storage is down');
      expect((await row(id)).status).toBe('processing');
      await expect(run(id, MEDIA_JOB_ATTEMPTS)).rejects.toThrow('storage is down');
      expect(await row(id)).toMatchObject({ status: 'failed', failure_reason: 'Processing failed. Please try uploading again.' });
    } finally {
      deps.ports.blobs.get = get;
    }
  });

  it('a missing upload is a failure with its reason, not a retry', async () => {
    const { id } = await ingestImage(deps, actor, await scene(200, 200, 23).png().toBuffer());
    await deps.ports.blobs.delete(uploadKey(id));
    await run(id);
    expect(await row(id)).toMatchObject({ status: 'failed', failure_reason: 'The uploaded file is missing.' });
  });

  it('a job for media that no longer exists does nothing', async () => {
    await expect(run('123456789')).resolves.toBeUndefined();
  });

  it('an upload books its orphan sweep hours ahead; the sweep removes files only of media without a row', async () => {
    const before = Date.now();
    const { id } = await ingestImage(deps, actor, await scene(300, 200, 22).jpeg().toBuffer());
    const booked = await deps.db
      .selectFrom('jobs')
      .select('run_at')
      .where('type', '=', MEDIA_SWEEP_JOB)
      .where('dedupe_key', '=', `${MEDIA_SWEEP_JOB}:${id}`)
      .executeTakeFirstOrThrow();
    expect(booked.run_at).toBeGreaterThanOrEqual(before + ORPHAN_SWEEP_DELAY_MS);

    const sweep = (mediaId: string) => sweepOrphanJob(deps)({ mediaId }, { id: 'test', attempt: 1 });
    await sweep(id);
    expect(await deps.ports.blobs.head(uploadKey(id))).not.toBeNull();

    // What a process killed between storing the file and committing the row leaves behind.
    const orphan = '990000000000000001';
    await deps.ports.blobs.put(uploadKey(orphan), Buffer.from('left behind'), 'image/jpeg');
    await deps.ports.blobs.put(`img/${orphan}/236x-0.jpg`, Buffer.from('left behind'), 'image/jpeg');
    await sweep(orphan);
    expect(await deps.ports.blobs.head(uploadKey(orphan))).toBeNull();
    expect(await deps.ports.blobs.head(`img/${orphan}/236x-0.jpg`)).toBeNull();
  });
});
