import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relatedInterests } from '../../../src/server/discovery/related-interests.ts';
import { createPin } from '../../../src/server/pins/pins.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeMedia, makeUser } from '../../support/factories.ts';
import { settle } from '../../support/settle.ts';

/*
 * A pin's related topics when only its hashtags say them: the vocabulary leaves hashtags out
 * (search/search-text.ts splitHashtags), the topics of a pin still read them.
 */
describe.each(databaseKinds)('related topics said by hashtags on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
  });
  afterAll(() => t.close());

  it('finds a topic whose words are only in the pin’s hashtags', async () => {
    const maker = await makeUser(t.deps, 'ines');
    const board = await makeBoard(t.deps, maker, { name: 'Dream home' });
    const topic = await ensureInterest(t.deps.db, 'Interior design', 'interior-design');
    const { pin } = await createPin(t.deps, maker.actor, {
      board_id: board.id,
      media_id: await makeMedia(t.deps, maker),
      title: 'Cosy reading nook',
      description: 'Soft light. #interior #design',
    });
    await settle(t.deps);
    expect((await relatedInterests(t.deps, maker.actor, pin.id)).map((i) => i.id)).toEqual([topic.id]);
  });
});
