import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator, requestToJoin, approveRequest } from '../../../src/server/boards/collaborators.service.ts';
import { presentPins } from '../../../src/server/pins/pins.present.ts';
import { moveSave, savePin, unsavePin } from '../../../src/server/pins/saves.service.ts';
import { readerOf } from '../../../src/server/access/authorized.ts';
import type { Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeSection, makeUser, profileCounts, type TestUser } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

async function seenBy(user: TestUser, pinId: string) {
  const pin: Pin = await t.deps.db.selectFrom('pins').selectAll().where('id', '=', pinId).executeTakeFirstOrThrow();
  const [json] = await presentPins(t.deps, readerOf(user.actor), [{ pin }]);
  return json;
}

async function somePin() {
  const creator = await makeUser(t.deps);
  return (await makePin(t.deps, creator, await makeBoard(t.deps, creator))).pin;
}

describe('saving records savedInfo; unsaving removes it', () => {
  it('savedInfo names the board, the save (localPinId) and the section', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me, { name: 'Ideas' });
    const section = await makeSection(t.deps, me, board, 'Blue');
    const pin = await somePin();
    const save = await savePin(t.deps, me.actor, { pinId: pin.id, boardId: board.id, sectionId: section.id });
    expect((await seenBy(me, pin.id))?.saved_info).toMatchObject({
      board_id: board.id,
      local_pin_id: save.id,
      section_id: section.id,
      title: 'Blue',
      type: 'section',
    });
    await unsavePin(t.deps, me.actor, save.id);
    expect((await seenBy(me, pin.id))?.saved_info).toBeNull();
  });

  it('saving the same pin to the same board again answers the existing save', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const pin = await somePin();
    const first = await savePin(t.deps, me.actor, { pinId: pin.id, boardId: board.id });
    expect((await savePin(t.deps, me.actor, { pinId: pin.id, boardId: board.id })).id).toBe(first.id);
    expect((await boardRow(t.deps, board.id)).pin_count).toBe(1);
  });
});

describe('repinning sets pinned_to_board and privacy', () => {
  it('pinned_to_board is the latest board the viewer saved to, privacy its privacy', async () => {
    const me = await makeUser(t.deps);
    const pin = await somePin();
    await savePin(t.deps, me.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, me)).id });
    const secret = await makeBoard(t.deps, me, { privacy: 'secret', name: 'Hidden' });
    await savePin(t.deps, me.actor, { pinId: pin.id, boardId: secret.id });
    const json = await seenBy(me, pin.id);
    expect(json?.pinned_to_board).toMatchObject({ id: secret.id, name: 'Hidden', privacy: 'secret' });
    expect(json?.privacy).toBe('secret');
    // The save on the secret board is not counted: the count is of saves anyone may see.
    expect(json?.repin_count).toBe(2);
  });

  it('a repin raises the pin counts of the board and its owner', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me, { privacy: 'secret' });
    await savePin(t.deps, me.actor, { pinId: (await somePin()).id, boardId: board.id });
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ pin_count: 1, secret_pin_count: 1 });
  });
});

describe('quick save: without a board, to the board saved to last, else the quicksave board', () => {
  it('goes to the last board saved to', async () => {
    const me = await makeUser(t.deps);
    const a = await makeBoard(t.deps, me);
    const b = await makeBoard(t.deps, me);
    await savePin(t.deps, me.actor, { pinId: (await somePin()).id, boardId: b.id });
    expect((await savePin(t.deps, me.actor, { pinId: (await somePin()).id })).board_id).toBe(b.id);
    expect(a.id).not.toBe(b.id);
  });
});

describe('pin counts shift when pins move between boards and sections; counts never go below 0', () => {
  it('a move between sections shifts the section and sectionless counts only', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const one = await makeSection(t.deps, me, board, 'One');
    const two = await makeSection(t.deps, me, board, 'Two');
    const { save } = await makePin(t.deps, me, board);
    await moveSave(t.deps, me.actor, save.id, { sectionId: one.id });
    await moveSave(t.deps, me.actor, save.id, { sectionId: two.id });
    const sections = await t.deps.db.selectFrom('board_sections').select(['id', 'pin_count']).where('board_id', '=', board.id).execute();
    expect(Object.fromEntries(sections.map((s) => [s.id, s.pin_count]))).toEqual({ [one.id]: 0, [two.id]: 1 });
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 0 });
    await moveSave(t.deps, me.actor, save.id, { sectionId: null });
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 1 });
  });

  it('a move between boards shifts both boards and both owners', async () => {
    const me = await makeUser(t.deps);
    const friend = await makeUser(t.deps);
    const mine = await makeBoard(t.deps, me);
    const theirs = await makeBoard(t.deps, friend, { privacy: 'secret' });
    await inviteCollaborator(t.deps, friend.actor, theirs.id, me.id);
    await acceptInvite(t.deps, me.actor, theirs.id);
    const { save } = await makePin(t.deps, me, mine);
    await moveSave(t.deps, me.actor, save.id, { boardId: theirs.id });
    expect((await boardRow(t.deps, mine.id)).pin_count).toBe(0);
    expect((await boardRow(t.deps, theirs.id)).pin_count).toBe(1);
    expect(await profileCounts(t.deps, me.id)).toMatchObject({ pin_count: 0 });
    expect(await profileCounts(t.deps, friend.id)).toMatchObject({ pin_count: 1, secret_pin_count: 1 });
  });

  it('a move onto a board that already holds the pin is refused and changes nothing', async () => {
    const me = await makeUser(t.deps);
    const a = await makeBoard(t.deps, me);
    const b = await makeBoard(t.deps, me);
    const { pin, save } = await makePin(t.deps, me, a);
    await savePin(t.deps, me.actor, { pinId: pin.id, boardId: b.id });
    await expect(moveSave(t.deps, me.actor, save.id, { boardId: b.id })).rejects.toMatchObject({ errorName: 'conflict' });
  });

  it('a stored count already at 0 stays at 0 when a pin leaves', async () => {
    const me = await makeUser(t.deps);
    const board = await makeBoard(t.deps, me);
    const { save } = await makePin(t.deps, me, board);
    await savePin(t.deps, me.actor, { pinId: save.pin_id, boardId: (await makeBoard(t.deps, me)).id });
    await t.deps.db.updateTable('boards').set({ pin_count: 0, sectionless_pin_count: 0 }).where('id', '=', board.id).execute();
    await unsavePin(t.deps, me.actor, save.id);
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 0, sectionless_pin_count: 0 });
  });
});

describe('unsave access: your own saves, or delete access on the board', () => {
  it("a write-only collaborator removes their own saves but not the owner's", async () => {
    const owner = await makeUser(t.deps);
    const helper = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await inviteCollaborator(t.deps, owner.actor, board.id, helper.id);
    await acceptInvite(t.deps, helper.actor, board.id);
    const { save: ownersSave } = await makePin(t.deps, owner, board);
    const helpersSave = await savePin(t.deps, helper.actor, { pinId: ownersSave.pin_id, boardId: (await makeBoard(t.deps, helper)).id });
    const onBoard = await savePin(t.deps, helper.actor, { pinId: (await somePin()).id, boardId: board.id });
    await expect(unsavePin(t.deps, helper.actor, ownersSave.id)).rejects.toMatchObject({ errorName: 'forbidden' });
    await unsavePin(t.deps, helper.actor, onBoard.id);
    await unsavePin(t.deps, helper.actor, helpersSave.id);
  });

  it("a collaborator approved with delete removes anyone's save", async () => {
    const owner = await makeUser(t.deps);
    const editor = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await requestToJoin(t.deps, editor.actor, board.id);
    await approveRequest(t.deps, owner.actor, board.id, editor.id);
    const { save } = await makePin(t.deps, owner, board);
    await unsavePin(t.deps, editor.actor, save.id);
  });

  it('a pin no board holds any more is deleted', async () => {
    const me = await makeUser(t.deps);
    const { pin, save } = await makePin(t.deps, me, await makeBoard(t.deps, me));
    await unsavePin(t.deps, me.actor, save.id);
    const row = await t.deps.db.selectFrom('pins').select(['deleted_at']).where('id', '=', pin.id).executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeGreaterThan(0);
  });
});

describe("a secret board's pins stay secret: only the creator puts them on a public board", () => {
  it('a collaborator may save a secret pin to a secret board, not to a public one', async () => {
    const owner = await makeUser(t.deps);
    const helper = await makeUser(t.deps);
    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await inviteCollaborator(t.deps, owner.actor, secret.id, helper.id);
    await acceptInvite(t.deps, helper.actor, secret.id);
    const { pin, save } = await makePin(t.deps, owner, secret);
    const helpersPublic = await makeBoard(t.deps, helper);
    await expect(savePin(t.deps, helper.actor, { pinId: pin.id, boardId: helpersPublic.id })).rejects.toMatchObject({ errorName: 'forbidden' });
    await savePin(t.deps, helper.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, helper, { privacy: 'secret' })).id });
    await expect(moveSave(t.deps, helper.actor, save.id, { boardId: helpersPublic.id })).rejects.toMatchObject({ errorName: 'forbidden' });
    // The creator publishes; from then on anyone may save it anywhere.
    await savePin(t.deps, owner.actor, { pinId: pin.id, boardId: (await makeBoard(t.deps, owner)).id });
    await savePin(t.deps, helper.actor, { pinId: pin.id, boardId: helpersPublic.id });
  });
});
