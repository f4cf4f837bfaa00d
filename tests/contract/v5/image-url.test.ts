import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makeUser } from '../../support/factories.ts';
import { bytes, photoJpeg, startFixtureServer, type FixtureServer } from '../outbound/fixture-server.ts';
import { answered, makeToken, v5, type ErrorBody } from './helpers.ts';

/** POST /v5/pins with an `image_url` media source: the image is fetched through the outbound guard. */
describe.each(databaseKinds)('public API pins from an image URL on %s', (kind) => {
  let t: TestApp;
  let site: FixtureServer;
  let picture: Buffer;

  beforeAll(async () => {
    // The fixture site is on 127.0.0.1, which the guard refuses unless told otherwise (tests only).
    t = await startTestApp(kind, { worker: false, env: { OUTBOUND_ALLOW_PRIVATE: '1' } });
    picture = await photoJpeg(300, 450);
    site = await startFixtureServer({ '/photo.jpg': bytes(picture, 'image/jpeg'), '/page.html': bytes(Buffer.from('<p>not an image</p>'), 'text/html') });
  });
  afterAll(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
    await site.close();
    await t.close();
  });

  it('creates the pin with the fetched picture; a URL that is no image changes nothing', async () => {
    const owner = await makeUser(t.deps, 'v5url');
    const token = await makeToken(t, owner);
    const board = await makeBoard(t.deps, owner);
    const created = answered<{ id: string }>(
      await v5(t, 'POST', {
        path: '/pins',
        token,
        body: { board_id: board.id, title: 'From the web', media_source: { source_type: 'image_url', url: site.url('/photo.jpg') } },
      }),
      201,
    );
    const media = await t.deps.db
      .selectFrom('pins')
      .innerJoin('media', 'media.id', 'pins.media_id')
      .select(['media.owner_id', 'media.kind', 'media.source_size'])
      .where('pins.id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(media).toEqual({ owner_id: owner.id, kind: 'image', source_size: picture.length });

    const pinsBefore = await t.deps.db.selectFrom('pins').select('id').execute();
    const refused = await v5(t, 'POST', {
      path: '/pins',
      token,
      body: { board_id: board.id, media_source: { source_type: 'image_url', url: site.url('/page.html') } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorBody>().message).toMatch(/\w/);
    expect(await t.deps.db.selectFrom('pins').select('id').execute()).toEqual(pinsBefore);
  });
});
