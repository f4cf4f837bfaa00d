import { describe, expect, it } from 'vitest';
import { addSection, deleteSection, renameSection } from '../../../src/server/boards/sections.service.ts';
import type { TestApp } from '../../support/app.ts';
import { withCountedTestApp, boardRow, makeBoard, makePin, makeSection, makeUser, profileCounts } from '../../support/factories.ts';

let t: TestApp;
withCountedTestApp('sqlite', (app) => {
  t = app;
});

describe('section add or delete adjusts section_count (not below 0)', () => {
  it('add raises it, delete lowers it', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const a = await addSection(t.deps, owner.actor, board.id, 'Soups');
    await addSection(t.deps, owner.actor, board.id, 'Salads');
    expect((await boardRow(t.deps, board.id)).section_count).toBe(2);
    await deleteSection(t.deps, owner.actor, a.id);
    expect((await boardRow(t.deps, board.id)).section_count).toBe(1);
  });

  it('never goes below 0 even if the stored count was already 0', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board);
    await t.deps.db.updateTable('boards').set({ section_count: 0 }).where('id', '=', board.id).execute();
    await deleteSection(t.deps, owner.actor, section.id);
    expect((await boardRow(t.deps, board.id)).section_count).toBe(0);
  });
});

describe('board-section deletion removes its pins from the board and the owner pin count', () => {
  it('subtracts the section pins from the board and the owner; other pins stay', async () => {
    const owner = await makeUser(t.deps);
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board);
    await makePin(t.deps, owner, board);
    const { pin } = await makePin(t.deps, owner, board, { section });
    await makePin(t.deps, owner, board, { section });
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 3, sectionless_pin_count: 1 });
    await deleteSection(t.deps, owner.actor, section.id);
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 1, sectionless_pin_count: 1, section_count: 0 });
    expect((await profileCounts(t.deps, owner.id)).pin_count).toBe(1);
    const gone = await t.deps.db.selectFrom('pins').select('deleted_at').where('id', '=', pin.id).executeTakeFirstOrThrow();
    expect(gone.deleted_at).toBeGreaterThan(0);
  });
});

describe('section access: write adds and renames, delete access removes', () => {
  it('a stranger cannot add to a public board, and cannot find a secret one', async () => {
    const owner = await makeUser(t.deps);
    const stranger = await makeUser(t.deps);
    await expect(addSection(t.deps, stranger.actor, (await makeBoard(t.deps, owner)).id, 'x')).rejects.toMatchObject({ errorName: 'forbidden' });
    await expect(addSection(t.deps, stranger.actor, (await makeBoard(t.deps, owner, { privacy: 'secret' })).id, 'x')).rejects.toMatchObject({
      errorName: 'not_found',
    });
  });

  it('rename keeps the count and changes the title', async () => {
    const owner = await makeUser(t.deps);
    const section = await makeSection(t.deps, owner, await makeBoard(t.deps, owner), 'Old');
    expect((await renameSection(t.deps, owner.actor, section.id, 'New')).title).toBe('New');
  });
});
