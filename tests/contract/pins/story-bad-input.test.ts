import { describe, expect, it } from 'vitest';
import { STORY_LIMITS } from '../../../src/shared/story-pin.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { tableCounts } from '../demo/snapshot.ts';
import { failed } from '../boards/helpers.ts';
import { uploadPicture, uploadVideo } from './story-helpers.ts';

/** Every bad story pin create is a clear 4xx that writes nothing. */
describe.each(databaseKinds)('story pin create refuses bad input on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  async function rows() {
    const [stories, media] = await Promise.all([
      t.deps.db.selectFrom('story_pins').select('id').execute(),
      t.deps.db.selectFrom('story_pin_media').select('media_id').execute(),
    ]);
    return { ...(await tableCounts(t.deps)), story_pins: stories.length, story_pin_media: media.length };
  }

  it('too many pages or blocks, an unknown block type, bad colours, empty pages, media that is not one’s own', async () => {
    const me = await makeUser(t.deps, 'careless');
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me);
    const picture = await uploadPicture(t.deps, me);
    const video = await uploadVideo(t.deps, me);
    const theirs = await uploadPicture(t.deps, await makeUser(t.deps, 'someone'));
    const broken = await uploadPicture(t.deps, me);
    await t.deps.db.updateTable('media').set({ status: 'failed', failure_reason: 'bad file' }).where('id', '=', broken).execute();
    const page = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({ blocks, ...extra });
    const image = (id = picture) => ({ type: 'image', media_id: id });
    const create = (pages: unknown, extra: Record<string, unknown> = {}) =>
      browser.resource('PinResource', 'create', { board_id: board.id, title: 'Bad story', story_pin_data: { pages }, ...extra });
    const before = await rows();

    const cases: [string, unknown, number, RegExp][] = [
      ['too many pages', Array.from({ length: STORY_LIMITS.pages + 1 }, () => page([image()])), 400, /at most 20 pages/],
      ['no page', [], 400, /needs a page/],
      ['an unknown block type', [page([image(), { type: 'music', text: 'la la' }])], 400, /Unknown block type/],
      ['too many blocks', [page(Array.from({ length: STORY_LIMITS.blocksPerPage + 1 }, () => ({ type: 'paragraph', text: 'x' })))], 400, /at most 10 blocks/],
      ['two pictures on a page', [page([image(), image()])], 400, /at most one picture or video/],
      ['an empty page', [page([image()]), page([])], 400, /needs a picture, a video or some text/],
      ['blank text', [page([image(), { type: 'heading', text: '   ' }])], 400, /add some text/],
      ['a colour that is not #RRGGBB', [page([image()], { background_color: 'red' })], 400, /#RRGGBB/],
      ['a text size off the scale', [page([image(), { type: 'paragraph', text: 'hi', size: 500 }])], 400, /size/],
      ['an unknown field', [page([image()], { canvas_json: '{}' })], 400, /canvas_json/],
      ['a javascript: link', [page([image(), { type: 'link', text: 'Go', url: 'javascript:alert(1)' }])], 400, /valid URL/],
      ['no picture for the cover', [page([{ type: 'paragraph', text: 'Words only' }])], 400, /needs a cover/],
      ['a video block showing a picture', [page([{ type: 'video', media_id: picture }])], 400, /not a video/],
      ['a picture block showing a video', [page([image(video)])], 400, /not a picture/],
      ['someone else’s upload', [page([image()]), page([image(theirs)])], 404, /Not found/],
      ['a failed upload', [page([image(broken)])], 400, /could not be processed/],
      ['a media id that is not an id', [page([image('../../etc')])], 400, /Not found/],
    ];
    for (const [name, pages, status, message] of cases) {
      const response = await create(pages);
      expect(response.statusCode, `${name}: ${response.body}`).toBe(status);
      failed(response, status);
      expect(response.body, name).toMatch(message);
    }
    failed(await create('pages'), 400);
    failed(await browser.resource('PinResource', 'create', { board_id: board.id, story_pin_data: [] }), 400);
    failed(await create([page([image()])], { media_id: theirs }), 404);
    failed(await create([page([image()])], { board_id: '123' }), 404);
    failed(await (await visitorClient(t)).resource('PinResource', 'create', { board_id: board.id, story_pin_data: { pages: [page([image()])] } }), 401);
    expect(await rows()).toEqual(before);
  });
});
