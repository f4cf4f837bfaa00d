import { describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import type { Deps } from '../../../src/server/deps.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seededRandom, seedOf } from '../auth/hostile-inputs.ts';

type PinJson = { id: string; videos: { seo_view_count: number } | null };
type Envelope = { resource_response: { data: unknown; error?: { http_status: number } } };

/** A pin whose media carries the renditions a processed video has (the files are not needed here). */
async function makeVideoPin(deps: Deps, owner: TestUser, boardName = 'Clips') {
  const board = await makeBoard(deps, owner, { name: boardName });
  const { pin } = await makePin(deps, owner, board, { title: 'Pottery wheel' });
  const rendition = { key: `vid/${pin.media_id ?? ''}/720p-x.mp4`, width: 320, height: 240, duration_ms: 4000 };
  await deps.db.updateTable('pins').set({ kind: 'video' }).where('id', '=', pin.id).execute();
  await deps.db
    .updateTable('media')
    .set({ videos: JSON.stringify({ V_720P: rendition, V_HLSV4: { ...rendition, key: `vid/${pin.media_id ?? ''}/hls-x/index.m3u8` } }) })
    .where('id', '=', pin.media_id ?? '')
    .execute();
  return { pin, board };
}

/** Views of video pins: once per viewer and pin in a window, for pins the viewer may see, shown as seo_view_count. */
describe.each(databaseKinds)('video views on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('counts a view once per viewer in the window, shows the count, and leaves visitor caches alone', async () => {
    const owner = await makeUser(t.deps, 'potter');
    const { pin } = await makeVideoPin(t.deps, owner);
    const visitor = await visitorClient(t);
    const member = await signIn(t, await makeUser(t.deps, 'watcher'));
    const view = (client: typeof visitor) => client.resource('PinVideoViewResource', 'create', { pin_id: pin.id });

    const clock = t.deps.writes.generation;
    expect((await view(visitor)).json<Envelope>().resource_response.data).toEqual({ counted: true });
    expect((await view(visitor)).json<Envelope>().resource_response.data).toEqual({ counted: false });
    expect((await view(member)).json<Envelope>().resource_response.data).toEqual({ counted: true });
    expect(t.deps.writes.generation).toBe(clock);

    const shown = (await visitor.getResource('PinResource', { id: pin.id })).json<Envelope>().resource_response.data as PinJson;
    expect(shown.videos?.seo_view_count).toBe(2);
  });

  it('counts no view of an image pin, of a pin the viewer may not see, or of none at all', async () => {
    const owner = await makeUser(t.deps, 'viewowner');
    const { pin: image } = await makePin(t.deps, owner, await makeBoard(t.deps, owner));
    const { pin: video, board } = await makeVideoPin(t.deps, owner, 'Private clips');
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'secret' });
    const visitor = await visitorClient(t);
    const status = async (options: Record<string, unknown>) => (await visitor.resource('PinVideoViewResource', 'create', options)).statusCode;
    expect(await status({ pin_id: image.id })).toBe(400);
    expect(await status({ pin_id: video.id })).toBe(404);
    expect(await status({ pin_id: '99999999' })).toBe(404);
    expect(await t.deps.db.selectFrom('pin_video_views').selectAll().where('pin_id', 'in', [image.id, video.id]).execute()).toEqual([]);
  });

  it('refuses hostile options with a 4xx and counts nothing', async () => {
    const owner = await makeUser(t.deps, 'hostileviews');
    const { pin } = await makeVideoPin(t.deps, owner);
    const visitor = await visitorClient(t);
    await visitor.ensureCsrf();
    const random = seededRandom(seedOf('PinVideoViewResource', 20261122));
    for (let i = 0; i < 40; i++) {
      const call = hostileResourceCall('PinVideoViewResource', 'create', { pin_id: pin.id }, random, 64 * 1024);
      const response = await visitor.request(call);
      expect(response.statusCode, call.url).toBeLessThan(500);
      if (response.statusCode >= 400) expectResourceFailure(response, call.url);
    }
    for (const options of [{}, { pin_id: 12 }, { pin_id: 'abc' }, { pin_id: [pin.id] }]) {
      expect((await visitor.resource('PinVideoViewResource', 'create', options)).statusCode).toBe(400);
    }
    const rows = await t.deps.db.selectFrom('pin_video_views').select('view_count').where('pin_id', '=', pin.id).execute();
    expect(rows.map((r) => r.view_count).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
  });
});
