import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { boardRow, makeBoard, makePin, makeSection, makeUser, signIn, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { organize, pinsOn, readActions, runAction } from './helpers.ts';

async function eventsOf(t: TestApp, type: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('domain_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/*
 * The board owner's organize actions run as jobs that hold their place on the board while they
 * run (docs/decisions/0047-board-blocking-actions.md); GET /v3/boards/{id}/ lists them, with
 * moderators' removals and their reasons. Counters are checked against the rows after each test.
 */
describe.each(databaseKinds)('board organize and blocking actions on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));
  let owner: TestUser;
  let me: TestClient;

  beforeAll(async () => {
    owner = await makeUser(t.deps, 'organizer');
    me = await signIn(t, owner);
  });

  it('moves selected pins to another board and section in steps, with progress, events and counts', async () => {
    const from = await makeBoard(t.deps, owner);
    const to = await makeBoard(t.deps, owner);
    const shelf = await makeSection(t.deps, owner, to, 'Shelf');
    const pins = [];
    for (let i = 0; i < 45; i += 1) pins.push((await makePin(t.deps, owner, from)).pin.id);
    const keep = (await makePin(t.deps, owner, from)).pin.id;
    const movedBefore = await eventsOf(t, 'save.moved');

    const started = await organize(me, { kind: 'move', board_id: from.id, pin_ids: pins, target_board_id: to.id, target_section_id: shelf.id });
    expect(started).toMatchObject({ kind: 'move', state: 'running', progress: 0, section_id: null, pin_count: 45, target_board: { id: to.id } });
    await runAction(t, started.id);

    expect(await pinsOn(t, to.id)).toEqual([...pins].sort());
    expect(await pinsOn(t, from.id)).toEqual([keep]);
    const [done] = await readActions(me, from.id);
    expect(done).toMatchObject({ id: started.id, state: 'done', progress: 100, moved_count: 45, removed_count: 0 });
    expect(await eventsOf(t, 'save.moved')).toBe(movedBefore + 45);
    // Three steps of 20, 20 and 5 pins, each recording its progress.
    const steps = await t.deps.db.selectFrom('domain_events').select('payload').where('type', '=', 'board.action_progressed').execute();
    expect(
      steps
        .map((s) => JSON.parse(s.payload) as { actionId: string; progress: number })
        .filter((s) => s.actionId === started.id)
        .map((s) => s.progress),
    ).toEqual([44, 88, 100]);
    expect((await boardRow(t.deps, to.id)).pin_count).toBe(45);
  });

  it('deletes selected pins, and a section with its pins, holding that section while it runs', async () => {
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board, 'Old ideas');
    const inSection = [(await makePin(t.deps, owner, board, { section })).pin.id, (await makePin(t.deps, owner, board, { section })).pin.id];
    const loose = [(await makePin(t.deps, owner, board)).pin.id, (await makePin(t.deps, owner, board)).pin.id];

    const deleting = await organize(me, { kind: 'delete_pins', board_id: board.id, pin_ids: loose });
    expect(deleting.section_id).toBeNull();
    await runAction(t, deleting.id);
    expect(await pinsOn(t, board.id)).toEqual([...inSection].sort());

    const dropping = await organize(me, { kind: 'delete_section', board_id: board.id, section_id: section.id });
    expect(dropping).toMatchObject({ section_id: section.id, pin_count: 2 });
    await runAction(t, dropping.id);
    expect(await pinsOn(t, board.id)).toEqual([]);
    expect(await t.deps.db.selectFrom('board_sections').select('id').where('id', '=', section.id).executeTakeFirst()).toBeUndefined();
    expect((await boardRow(t.deps, board.id)).section_count).toBe(0);
    const actions = await readActions(me, board.id);
    expect(actions.map((a) => [a.kind, a.state, a.removed_count])).toEqual([
      ['delete_section', 'done', 2],
      ['delete_pins', 'done', 2],
    ]);
  });

  it('answers 409 to edits of the place a running action holds, and lets other places be', async () => {
    const board = await makeBoard(t.deps, owner);
    const a = await makeSection(t.deps, owner, board, 'A');
    const b = await makeSection(t.deps, owner, board, 'B');
    const inA = (await makePin(t.deps, owner, board, { section: a })).pin.id;
    const running = await organize(me, { kind: 'delete_pins', board_id: board.id, pin_ids: [inA] });
    expect(running.section_id).toBe(a.id);

    const save = await me.resource('RepinResource', 'create', { pin_id: inA, board_id: board.id, section_id: a.id });
    expect(save.statusCode).toBe(409);
    expect(save.body).toContain('This board is being organized');
    expect((await me.resource('BoardSectionResource', 'delete', { section_id: a.id })).statusCode).toBe(409);
    expect((await me.resource('BoardResource', 'delete', { board_id: board.id })).statusCode).toBe(409);
    expect((await me.resource('BoardOrganizeResource', 'create', { kind: 'delete_section', board_id: board.id, section_id: a.id })).statusCode).toBe(409);
    // A save held by the action neither moves nor goes.
    const held = await t.deps.db.selectFrom('board_pins').select('id').where('pin_id', '=', inA).executeTakeFirstOrThrow();
    expect((await me.resource('RepinResource', 'update', { id: held.id, section_id: b.id })).statusCode).toBe(409);
    expect((await me.resource('RepinResource', 'delete', { id: held.id })).statusCode).toBe(409);
    expect(await pinsOn(t, board.id)).toEqual([inA]);
    // Section B is not held: pins still go there, and its own action may start.
    const other = (await makePin(t.deps, owner, board, { section: b })).pin.id;
    const second = await organize(me, { kind: 'delete_pins', board_id: board.id, pin_ids: [other] });
    await runAction(t, second.id);
    await runAction(t, running.id);
    expect((await me.resource('BoardResource', 'delete', { board_id: board.id })).statusCode).toBe(200);
  });

  it('moves pins between sections of one board, holding the whole board while it runs', async () => {
    const board = await makeBoard(t.deps, owner);
    const shelf = await makeSection(t.deps, owner, board, 'Shelf');
    const loose = [(await makePin(t.deps, owner, board)).pin.id, (await makePin(t.deps, owner, board)).pin.id];
    const running = await organize(me, { kind: 'move', board_id: board.id, pin_ids: loose, target_board_id: board.id, target_section_id: shelf.id });
    expect(running.section_id).toBe('-1');
    expect((await me.resource('BoardSectionResource', 'create', { board_id: board.id, title: 'Later' })).statusCode).toBe(200);
    expect((await me.resource('BoardSectionResource', 'delete', { section_id: shelf.id })).statusCode).toBe(409);
    await runAction(t, running.id);
    const rows = await t.deps.db.selectFrom('board_pins').select('section_id').where('board_id', '=', board.id).execute();
    expect(rows.map((r) => r.section_id)).toEqual([shelf.id, shelf.id]);
    expect(await boardRow(t.deps, board.id)).toMatchObject({ pin_count: 2, sectionless_pin_count: 0 });
  });

  it('lists moderators’ removals of pins on the board with their reason, grouped by where the pin sat', async () => {
    const board = await makeBoard(t.deps, owner);
    const section = await makeSection(t.deps, owner, board, 'Sketchy');
    const pin = (await makePin(t.deps, owner, board, { section })).pin.id;
    const reporter = await signIn(t, await makeUser(t.deps, 'reporter'));
    const operator = await makeUser(t.deps, 'op');
    await t.deps.db.updateTable('users').set({ username: 'organizemod' }).where('id', '=', operator.id).execute();
    t.deps.config.operators.add('organizemod');
    const ops = await signIn(t, operator);
    const filed = await reporter.resource('ReportResource', 'create', { target: { id: pin, type: 'pin' }, reason: 'spam' });
    const caseId = filed.json<{ resource_response: { data: { case_id: string } } }>().resource_response.data.case_id;
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: caseId, action: 'hide_pin', reason: 'Spam links' })).statusCode).toBe(200);

    for (const reader of [me, ops]) {
      const [removal] = await readActions(reader, board.id);
      expect(removal).toMatchObject({ kind: 'moderation', state: 'done', progress: 100, section_id: section.id, reason: 'Spam links', removed_count: 1 });
    }
    const idOnly = await me.get(`/v3/boards/${board.id}/?fields=board.id`);
    expect(idOnly.json()).toMatchObject({ status: 'success', data: { id: board.id } });
    expect(idOnly.json<{ data: object }>().data).not.toHaveProperty('blocking_actions');
  });
});
