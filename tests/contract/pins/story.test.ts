import { describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { deletePin } from '../../../src/server/pins/pins.service.ts';
import { createStoryPin } from '../../../src/server/pins/story.service.ts';
import { STORY_TEXT_DEFAULTS } from '../../../src/shared/story-pin.ts';
import { QUERY_HASHES } from '../../../src/web/api/graphql.ts';
import { storyPinDataOf } from '../../../src/web/story/story-graphql.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';
import { pathOf } from '../media/harness.ts';
import { threePages, uploadPicture, uploadVideo, type StoryPinJson } from './story-helpers.ts';
import { StoryPinFields } from '../../../src/shared/contracts/pins.ts';
import type { GraphQLStoryPinData } from '../../../src/shared/contracts/graphql.ts';

/** Story pins: made through PinResource create, read by everyone who may see the pin and no one else. */
describe.each(databaseKinds)('story pins on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  async function story(user: TestUser, boardId: string, title = 'Crêpes step by step') {
    const picture = await uploadPicture(t.deps, user);
    const video = await uploadVideo(t.deps, user);
    const { pin } = await createStoryPin(t.deps, user.actor, StoryPinFields.parse({ board_id: boardId, title, story_pin_data: threePages(picture, video) }));
    return { pin, picture, video };
  }

  const mediaStatus = async (client: TestClient, url: string) => (await client.request({ method: 'GET', url: pathOf(url) })).statusCode;

  it('creates a three-page story from the pin builder’s call and answers its pages, blocks, defaults and counts', async () => {
    const me = await makeUser(t.deps, 'storyteller');
    const browser = await signIn(t, me);
    const board = await makeBoard(t.deps, me, { name: 'Breakfast' });
    const picture = await uploadPicture(t.deps, me);
    const video = await uploadVideo(t.deps, me, 6500);
    const created = ok<StoryPinJson>(
      await browser.resource('PinResource', 'create', { board_id: board.id, title: 'Crêpes', story_pin_data: threePages(picture, video) }),
    );
    const data = created.story_pin_data;
    expect(created).toMatchObject({ title: 'Crêpes', media_id: picture, is_video: false, story_pin_data_id: data?.id });
    expect(data).toMatchObject({
      page_count: 3,
      static_page_count: 2,
      total_video_duration: 6500,
      metadata: { pin_title: 'Crêpes', template_type: 'recipe', basics: { key_value_blocks: [{ key: 'Serves', value: '4' }], list_blocks: [] } },
    });
    const [first, second, third] = data?.pages ?? [];
    expect(first).toMatchObject({ background_color: '#FFFFFF', layout: 'fill' });
    expect(first?.blocks[0]).toMatchObject({ type: 'image', media_id: picture, status: 'ready', video_list: null });
    expect(first?.images?.['736x']?.url).toBe(first?.blocks[0] && 'images' in first.blocks[0] ? first.blocks[0].images?.['736x']?.url : 'missing');
    expect(first?.blocks[1]).toEqual({
      type: 'heading',
      text: 'Gather everything',
      size: STORY_TEXT_DEFAULTS.size,
      color: '#111111',
      highlight: '#FFFFFF',
      text_case: 'none',
      align: 'left',
      vertical: 'top',
      edits: null,
    });
    expect(second).toMatchObject({
      layout: 'fit',
      blocks: [
        { type: 'video', media_id: video, video_list: { V_720P: { duration: 6500 } } },
        { type: 'paragraph', align: 'center', vertical: 'bottom' },
      ],
    });
    expect(third).toMatchObject({
      background_color: '#FDE2E4',
      images: null,
      blocks: [
        { type: 'ingredient', heading: 'You need', items: ['2 eggs', '100 g flour'] },
        { type: 'link', url: 'https://example.org/crepes' },
      ],
    });

    // Everyone who may see the pin reads the same story, and the files of every page.
    const visitor = await visitorClient(t);
    const read = ok<StoryPinJson>(await visitor.getResource('PinResource', { id: created.id }));
    expect(read.story_pin_data).toEqual(data);
    const videoPoster = second?.images?.['236x']?.url ?? '';
    expect(await mediaStatus(visitor, videoPoster)).toBe(200);
    const rows = await t.deps.db.selectFrom('story_pin_media').select('media_id').where('pin_id', '=', created.id).orderBy('media_id').execute();
    expect(rows.map((r) => r.media_id)).toEqual([picture, video].sort());
  });

  it('CloseupDetailQuery answers the same story as PinResource, page for page and block for block', async () => {
    const me = await makeUser(t.deps, 'grapher');
    const board = await makeBoard(t.deps, me, { name: 'Crêpes' });
    const { pin } = await story(me, board.id);
    const visitor = await visitorClient(t);
    const rest = ok<StoryPinJson>(await visitor.getResource('PinResource', { id: pin.id }));
    const response = await visitor.request({
      method: 'POST',
      url: '/_/graphql/',
      payload: { queryHash: QUERY_HASHES.CloseupDetailQuery, variables: { pinId: pin.id, isAuth: false, isDesktop: true } },
    });
    expect(response.statusCode, response.body).toBe(200);
    const detail = response.json<{ data: { closeupDetail: { storyPinDataId: string; storyPinData: GraphQLStoryPinData } } }>().data.closeupDetail;
    expect(detail.storyPinDataId).toBe(rest.story_pin_data_id);
    expect(storyPinDataOf(detail.storyPinData)).toEqual(rest.story_pin_data);
  });

  it('a story on a secret board is 404 to strangers and visitors, with its pages’ files; its owner reads it', async () => {
    const owner = await makeUser(t.deps, 'secretive');
    const secret = await makeBoard(t.deps, owner, { name: 'Drafts', privacy: 'secret' });
    const { pin, video } = await story(owner, secret.id);
    const ownerClient = await signIn(t, owner);
    const mine = ok<StoryPinJson>(await ownerClient.getResource('PinResource', { id: pin.id }));
    expect(mine.story_pin_data?.pages[1]?.blocks[0]).toMatchObject({ media_id: video });
    const poster = mine.story_pin_data?.pages[1]?.images?.['236x']?.url ?? '';
    expect(await mediaStatus(ownerClient, poster)).toBe(200);
    expect(ok<StoryPinJson[]>(await ownerClient.getResource('UserStoryPinsResource', { username: owner.username })).map((p) => p.id)).toEqual([pin.id]);

    const stranger = await signIn(t, await makeUser(t.deps, 'stranger'));
    for (const client of [stranger, await visitorClient(t)]) {
      failed(await client.getResource('PinResource', { id: pin.id }), 404);
      expect(await mediaStatus(client, poster)).toBe(404);
      expect(ok<StoryPinJson[]>(await client.getResource('UserStoryPinsResource', { username: owner.username }))).toEqual([]);
    }
    // Made public, the same story and files are everyone's.
    await updateBoard(t.deps, owner.actor, secret.id, { privacy: 'public' });
    expect(ok<StoryPinJson>(await stranger.getResource('PinResource', { id: pin.id })).story_pin_data?.page_count).toBe(3);
    expect(await mediaStatus(stranger, poster)).toBe(200);
  });

  it('the story pins tab lists a profile’s stories newest first, without its other pins or deleted stories', async () => {
    const maker = await makeUser(t.deps, 'maker');
    const board = await makeBoard(t.deps, maker, { name: 'Guides' });
    const { pin: older } = await story(maker, board.id, 'Older guide');
    const { pin: plain } = await makePin(t.deps, maker, board, { title: 'A plain pin' });
    const { pin: newer } = await story(maker, board.id, 'Newer guide');
    const { pin: gone } = await story(maker, board.id, 'Deleted guide');
    await deletePin(t.deps, maker.actor, gone.id);
    const visitor = await visitorClient(t);
    const tab = ok<StoryPinJson[]>(await visitor.getResource('UserStoryPinsResource', { username: maker.username }));
    expect(tab.map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(tab.every((p) => p.story_pin_data?.page_count === 3)).toBe(true);
    const created = ok<StoryPinJson[]>(await visitor.getResource('UserPinsResource', { username: maker.username }));
    expect(created.map((p) => p.id)).toEqual([newer.id, plain.id, older.id]);
    expect(created.find((p) => p.id === plain.id)).toMatchObject({ story_pin_data: null, story_pin_data_id: null });
    failed(await visitor.getResource('UserStoryPinsResource', { username: 'nobody-here' }), 404);
  });

  it('search scope idea_pins finds story pins and nothing else; the pins scope finds both', async () => {
    const cook = await makeUser(t.deps, 'cook');
    const board = await makeBoard(t.deps, cook, { name: 'Sourdough' });
    const { pin } = await story(cook, board.id, 'Sourdough loaf step by step');
    const { pin: plain } = await makePin(t.deps, cook, board, { title: 'Sourdough crumb' });
    const visitor = await visitorClient(t);
    const search = async (scope: string) =>
      ok<{ results: { id: string }[] }>(await visitor.getResource('BaseSearchResource', { query: 'sourdough', scope })).results.map((r) => r.id);
    expect(await search('idea_pins')).toEqual([pin.id]);
    expect((await search('pins')).sort()).toEqual([pin.id, plain.id].sort());
  });

  it('finds a story pin by the words on its pages: texts, lists and links', async () => {
    const cook = await makeUser(t.deps, 'whisker');
    const { pin } = await story(cook, (await makeBoard(t.deps, cook, { name: 'Breakfasts' })).id, 'Thin pancakes');
    const visitor = await visitorClient(t);
    const found = async (query: string) =>
      ok<{ results: { id: string }[] }>(await visitor.getResource('BaseSearchResource', { query, scope: 'idea_pins' })).results.map((r) => r.id);
    // Earlier stories of this file have the same pages: each query finds this one among them.
    for (const query of ['whisk smooth', 'flour', 'gather everything', 'full recipe']) expect(await found(query), query).toContain(pin.id);
  });
});
