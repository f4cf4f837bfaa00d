import { describe, expect, it } from 'vitest';
import { createBoard, deleteBoard, QUICKSAVE_BOARD_NAME, quicksaveBoard, setBoardArchived, updateBoard } from '../../../src/server/boards/boards.service.ts';
import { savePin } from '../../../src/server/pins/saves.service.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeSection, makeUser, profileCounts } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

describe('board creation raises board_count by 1 unless the user has a quicksave board', () => {
  it('raises board_count (and the secret part for a secret board)', async () => {
    const owner = await makeUser(t.deps);
    await makeBoard(t.deps, owner, { privacy: 'public' });
    await makeBoard(t.deps, owner, { privacy: 'secret' });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 2, secret_board_count: 1 });
  });

  it('a quicksave board is taken over by the next board created: the count stays, its pins stay', async () => {
    const owner = await makeUser(t.deps);
    const other = await makeUser(t.deps);
    const { pin } = await makePin(t.deps, other, await makeBoard(t.deps, other));
    // A save without a board, by someone with no boards: the quicksave board appears (and counts).
    const save = await savePin(t.deps, owner.actor, { pinId: pin.id });
    const quick = await boardRow(t.deps, save.board_id);
    expect(quick).toMatchObject({ name: QUICKSAVE_BOARD_NAME, is_quicksave: 1, privacy: 'secret', pin_count: 1 });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 1, secret_board_count: 1, pin_count: 1, secret_pin_count: 1 });

    const created = await createBoard(t.deps, owner.actor, { name: 'Garden', privacy: 'public' });
    expect(created).toMatchObject({ id: quick.id, name: 'Garden', slug: 'garden', is_quicksave: 0, privacy: 'public', pin_count: 1 });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ board_count: 1, secret_board_count: 0, pin_count: 1, secret_pin_count: 0 });

    await makeBoard(t.deps, owner);
    expect((await profileCounts(t.deps, owner.id)).board_count).toBe(2);
  });

  it('the quicksave board is made once', async () => {
    const owner = await makeUser(t.deps);
    const first = await t.deps.db.transaction().execute((trx) => quicksaveBoard(t.deps, trx, owner.id, Date.now()));
    const again = await t.deps.db.transaction().execute((trx) => quicksaveBoard(t.deps, trx, owner.id, Date.now()));
    expect(again.id).toBe(first.id);
    expect((await profileCounts(t.deps, owner.id)).board_count).toBe(1);
  });
});

describe('board slug is unique per owner and follows the name', () => {
  it('numbers a repeated name and renames the slug with the board', async () => {
    const owner = await makeUser(t.deps);
    const a = await makeBoard(t.deps, owner, { name: 'Recipes' });
    const b = await makeBoard(t.deps, owner, { name: 'recipes!' });
    expect([a.slug, b.slug]).toEqual(['recipes', 'recipes-2']);
    const renamed = await updateBoard(t.deps, owner.actor, b.id, { name: 'Desserts' });
    expect(renamed.slug).toBe('desserts');
    // Another owner has their own namespace.
    expect((await makeBoard(t.deps, await makeUser(t.deps), { name: 'Recipes' })).slug).toBe('recipes');
  });
});

describe('archive sets archived_by_me_at to now; unarchive clears it', () => {
  it('archives, keeps the first archive time on a repeat, unarchives', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const archived = await setBoardArchived(t.deps, owner.actor, board.id, true);
    expect(archived.archived_at).toBeGreaterThan(0);
    expect((await setBoardArchived(t.deps, owner.actor, board.id, true)).archived_at).toBe(archived.archived_at);
    expect((await setBoardArchived(t.deps, owner.actor, board.id, false)).archived_at).toBeNull();
  });

  it('an archived board takes no new pins', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, owner, await makeBoard(t.deps, owner));
    await setBoardArchived(t.deps, owner.actor, board.id, true);
    await expect(savePin(t.deps, owner.actor, { pinId: pin.id, boardId: board.id })).rejects.toMatchObject({ errorName: 'conflict' });
  });

  it('only the owner archives', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await expect(setBoardArchived(t.deps, (await makeUser(t.deps)).actor, board.id, true)).rejects.toMatchObject({ errorName: 'forbidden' });
  });
});

describe('board privacy moves the board and its pins between public and secret counts', () => {
  it('making a board secret moves its pins into the secret count, and back', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    await makePin(t.deps, owner, board);
    await makePin(t.deps, owner, board);
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'secret' });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ pin_count: 2, secret_pin_count: 2, secret_board_count: 1 });
    await updateBoard(t.deps, owner.actor, board.id, { privacy: 'public' });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ pin_count: 2, secret_pin_count: 0, secret_board_count: 0 });
  });

  it('a cover pin must be a pin on the board', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const { pin } = await makePin(t.deps, owner, board);
    const { pin: elsewhere } = await makePin(t.deps, owner, await makeBoard(t.deps, owner));
    expect((await updateBoard(t.deps, owner.actor, board.id, { cover_pin_id: pin.id })).cover_pin_id).toBe(pin.id);
    await expect(updateBoard(t.deps, owner.actor, board.id, { cover_pin_id: elsewhere.id })).rejects.toMatchObject({ errorName: 'bad_request' });
  });
});

describe("board deletion lowers board_count, subtracts the board's pins and marks profile pins stale", () => {
  it('subtracts every pin of the board (sections included) from the owner', async () => {
    const owner = await makeUser(t.deps);
    const keep = await makeBoard(t.deps, owner);
    const doomed = await makeBoard(t.deps, owner, { privacy: 'secret' });
    const section = await makeSection(t.deps, owner, doomed);
    await makePin(t.deps, owner, keep);
    const { pin: shared } = await makePin(t.deps, owner, doomed);
    const { pin: only } = await makePin(t.deps, owner, doomed, { section });
    await savePin(t.deps, owner.actor, { pinId: shared.id, boardId: keep.id });
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ pin_count: 4, board_count: 2 });

    await deleteBoard(t.deps, owner.actor, doomed.id);
    expect(await profileCounts(t.deps, owner.id)).toMatchObject({ pin_count: 2, secret_pin_count: 0, board_count: 1, secret_board_count: 0 });
    const pins = await t.deps.db.selectFrom('pins').select(['id', 'deleted_at', 'save_count']).where('id', 'in', [shared.id, only.id]).execute();
    // A pin another board still holds lives on; one no board holds is deleted.
    expect(pins.find((p) => p.id === shared.id)).toMatchObject({ deleted_at: null, save_count: 1 });
    expect(pins.find((p) => p.id === only.id)?.deleted_at).toBeGreaterThan(0);
    const profile = await t.deps.db.selectFrom('user_profiles').select('profile_pins_stale_at').where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    expect(profile.profile_pins_stale_at).toBeGreaterThan(0);
  });

  it('only the owner deletes a board; a stranger cannot even find a secret one', async () => {
    const owner = await makeUser(t.deps);
    const stranger = await makeUser(t.deps);
    const open = await makeBoard(t.deps, owner);
    const secret = await makeBoard(t.deps, owner, { privacy: 'secret' });
    await expect(deleteBoard(t.deps, stranger.actor, open.id)).rejects.toMatchObject({ errorName: 'forbidden' });
    await expect(deleteBoard(t.deps, stranger.actor, secret.id)).rejects.toMatchObject({ errorName: 'not_found' });
  });
});
