import { describe, expect, it } from 'vitest';
import { userPins } from '../../../src/server/pins/user-pins.ts';
import { createPin, deletePin, editPin, setPinHidden } from '../../../src/server/pins/pins.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import { boardFeed } from '../../../src/server/feeds/board-feed.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makeMedia, makePin, makeUser, profileCounts } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

describe('pin add: creating a pin saves it to the chosen board', () => {
  it('raises the pin counts of the board and its owner', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const { pin, save } = await makePin(t.deps, me, board, { link: 'https://www.example.com/recipe?x=1' });
    expect(pin).toMatchObject({ creator_id: me.id, domain: 'example.com', kind: 'image', save_count: 1 });
    expect(save).toMatchObject({ board_id: board.id, pin_id: pin.id, saved_by: me.id });
    expect((await boardRow(t.deps, board.id)).pin_count).toBe(1);
    expect((await profileCounts(t.deps, me.id)).pin_count).toBe(1);
  });

  it("takes only the creator's own media", async () => {
    const me = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const theirs = await makeMedia(t.deps, other);
    await expect(createPin(t.deps, me.actor, { board_id: board.id, media_id: theirs })).rejects.toMatchObject({ errorName: 'not_found' });
    await expect(createPin(t.deps, me.actor, { board_id: board.id, media_id: '42' })).rejects.toMatchObject({ errorName: 'not_found' });
  });

  it('needs write access to the board', async () => {
    const owner = await makeUser(t.deps);
    const me = await makeUser(t.deps);
    const media = await makeMedia(t.deps, me);
    await expect(createPin(t.deps, me.actor, { board_id: (await makeBoard(t.deps, owner)).id, media_id: media })).rejects.toMatchObject({
      errorName: 'forbidden',
    });
    await expect(createPin(t.deps, me.actor, { board_id: (await makeBoard(t.deps, owner, { privacy: 'secret' })).id, media_id: media })).rejects.toMatchObject({
      errorName: 'not_found',
    });
  });
});

describe('pin edit: the creator changes title, description, link and alt text', () => {
  it('edits and recomputes the domain; others may not', async () => {
    const me = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, me, await makeBoard(t.deps, me));
    const edited = await editPin(t.deps, me.actor, pin.id, { title: 'New', link: 'http://shop.test/a', alt_text: 'A red square', comments_disabled: true });
    expect(edited).toMatchObject({ title: 'New', domain: 'shop.test', alt_text: 'A red square', comments_disabled: 1 });
    expect((await editPin(t.deps, me.actor, pin.id, { link: '' })).domain).toBeNull();
    await expect(editPin(t.deps, (await makeUser(t.deps)).actor, pin.id, { title: 'x' })).rejects.toMatchObject({ errorName: 'forbidden' });
  });
});

describe('pin deletion removes it from every board and marks profile pins stale', () => {
  it('every board and owner count drops; the profile pins are stale until the owner reloads them', async () => {
    const me = await makeUser(t.deps);
    const fan = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, me, await makeBoard(t.deps, me));
    const fanBoard = await makeBoard(t.deps, fan);
    await savePin(t.deps, fan.actor, { pinId: pin.id, boardId: fanBoard.id });
    await expect(deletePin(t.deps, fan.actor, pin.id)).rejects.toMatchObject({ errorName: 'forbidden' });
    await deletePin(t.deps, me.actor, pin.id);
    expect((await boardRow(t.deps, fanBoard.id)).pin_count).toBe(0);
    expect((await profileCounts(t.deps, fan.id)).pin_count).toBe(0);
    const stale = async () =>
      (await t.deps.db.selectFrom('user_profiles').select('profile_pins_stale_at').where('user_id', '=', me.id).executeTakeFirstOrThrow())
        .profile_pins_stale_at;
    expect(await stale()).toBeGreaterThan(0);
    await userPins(t.deps, me.actor, { username: me.username });
    expect(await stale()).toBeNull();
  });
});

describe("pin hide: hidden pins leave the viewer's feeds only", () => {
  it('hides from my board feed, not from others; unhide brings it back', async () => {
    const me = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    const board = await makeBoard(t.deps, other);
    const { pin } = await makePin(t.deps, other, board);
    await setPinHidden(t.deps, me.actor, pin.id, true);
    await setPinHidden(t.deps, me.actor, pin.id, true);
    expect((await boardFeed(t.deps, me.actor, { boardId: board.id })).items).toHaveLength(0);
    expect((await boardFeed(t.deps, other.actor, { boardId: board.id })).items).toHaveLength(1);
    await setPinHidden(t.deps, me.actor, pin.id, false);
    expect((await boardFeed(t.deps, me.actor, { boardId: board.id })).items).toHaveLength(1);
  });
});
