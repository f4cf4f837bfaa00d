import { describe, expect, it } from 'vitest';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import { editPin } from '../../../src/server/pins/pins.service.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';

type PinJson = { id: string; title: string; saved_info: unknown; board: { name: string; url: string } | null };

/**
 * Answers that are the same for every visitor are served from memory while nothing changed, and
 * never once something did (docs/decisions/0016-visitor-cache.md).
 */
describe.each(databaseKinds)('the visitor cache on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => {
    t = app;
  });

  it('serves the same bytes again, and every change to the board at once', async () => {
    const owner = await makeUser(t.deps, 'cached');
    const board = await makeBoard(t.deps, owner, { name: 'Kitchen' });
    const first = await makePin(t.deps, owner, board, { title: 'Tiles' });
    const visitor = await visitorClient(t);
    const feed = () => visitor.getResource('BoardFeedResource', { board_id: board.id });

    const read = await feed();
    expect((await feed()).body).toBe(read.body);
    expect(ok<PinJson[]>(read).map((p) => p.title)).toEqual(['Tiles']);

    await editPin(t.deps, owner.actor, first.pin.id, { title: 'Blue tiles' });
    expect(ok<PinJson[]>(await feed()).map((p) => p.title)).toEqual(['Blue tiles']);
    await makePin(t.deps, owner, board, { title: 'Taps' });
    expect(ok<PinJson[]>(await feed()).map((p) => p.title)).toEqual(['Taps', 'Blue tiles']);
    await updateBoard(t.deps, owner.actor, board.id, { name: 'Kitchen ideas' });
    expect(ok<PinJson[]>(await feed()).map((p) => p.board?.name)).toEqual(['Kitchen ideas', 'Kitchen ideas']);
  });

  it('keeps no failure: a board made secret answers 404, and its pins again once public', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await makePin(t.deps, owner, board, { title: 'Shown' });
    const visitor = await visitorClient(t);
    const feed = () => visitor.getResource('BoardFeedResource', { board_id: board.id });
    expect(ok<PinJson[]>(await feed())).toHaveLength(1);
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'secret' });
    failed(await feed(), 404);
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'public' });
    expect(ok<PinJson[]>(await feed())).toHaveLength(1);
  });

  it('answers a signed-in reader for themselves, never with a visitor’s bytes', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await makePin(t.deps, owner, board);
    const options = { board_id: board.id };
    const asVisitor = ok<PinJson[]>(await (await visitorClient(t)).getResource('BoardFeedResource', options));
    const asOwner = ok<PinJson[]>(await (await signIn(t, owner)).getResource('BoardFeedResource', options));
    expect(asVisitor[0]?.saved_info).toBeNull();
    expect(asOwner[0]?.saved_info).toMatchObject({ board_id: board.id });
  });
});
