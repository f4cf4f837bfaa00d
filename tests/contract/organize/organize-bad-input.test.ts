import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardSection } from '../../../src/server/db/schema/boards-and-pins.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makePin, makeSection, makeUser, signIn, type TestUser } from '../../support/factories.ts';
import { pinsOn } from './helpers.ts';

type Ids = { board: Board; other: Board; section: BoardSection; othersSection: BoardSection; pin: string; foreignPin: string };

/** Bad options for BoardOrganizeResource create, each with the status it must answer. */
const BAD_STARTS: [string, (i: Ids) => Record<string, unknown>, number][] = [
  ['no kind', (i) => ({ board_id: i.board.id, pin_ids: [i.pin] }), 400],
  ['an unknown kind', (i) => ({ kind: 'explode', board_id: i.board.id, pin_ids: [i.pin] }), 400],
  ['no board', (i) => ({ kind: 'delete_pins', pin_ids: [i.pin] }), 400],
  ['a board id that is not a number', (i) => ({ kind: 'delete_pins', board_id: 'x1', pin_ids: [i.pin] }), 400],
  ['no pins selected', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: [] }), 400],
  ['a pin selected twice', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: [i.pin, i.pin] }), 400],
  ['too many pins', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: Array.from({ length: 251 }, (_, n) => String(n + 1)) }), 400],
  ['pin ids as text', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: i.pin }), 400],
  ['a pin of another board', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: [i.pin, i.foreignPin] }), 400],
  ['a move without a target', (i) => ({ kind: 'move', board_id: i.board.id, pin_ids: [i.pin] }), 400],
  ['a move to a board that does not exist', (i) => ({ kind: 'move', board_id: i.board.id, pin_ids: [i.pin], target_board_id: '99999999' }), 404],
  [
    'a move to a section of another board',
    (i) => ({ kind: 'move', board_id: i.board.id, pin_ids: [i.pin], target_board_id: i.other.id, target_section_id: i.section.id }),
    404,
  ],
  ['a move to where the pins are', (i) => ({ kind: 'move', board_id: i.board.id, pin_ids: [i.pin], target_board_id: i.board.id }), 400],
  ['a section of another board', (i) => ({ kind: 'delete_section', board_id: i.board.id, section_id: i.othersSection.id }), 404],
  ['a section id that is not a number', (i) => ({ kind: 'delete_section', board_id: i.board.id, section_id: '<script>' }), 400],
  ['extra hostile text', (i) => ({ kind: 'delete_pins', board_id: i.board.id, pin_ids: [`${i.pin}' or 1=1 --`] }), 400],
];

const BAD_READS: [string, string, number][] = [
  ['an id that is not a number', '/v3/boards/abc/', 400],
  ['an unknown field', '/v3/boards/{id}/?fields=board.owner', 400],
  ['an empty fields list', '/v3/boards/{id}/?fields=', 400],
  ['a huge fields list', `/v3/boards/{id}/?fields=${'board.id,'.repeat(60)}`, 400],
  ['a board that does not exist', '/v3/boards/99999999/', 404],
];

describe.each(databaseKinds)('organize bad input on %s', (kind) => {
  let t: TestApp;
  let me: TestClient;
  let owner: TestUser;
  let ids: Ids;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    owner = await makeUser(t.deps, 'owner');
    me = await signIn(t, owner);
    const board = await makeBoard(t.deps, owner);
    const other = await makeBoard(t.deps, owner);
    ids = {
      board,
      other,
      section: await makeSection(t.deps, owner, board),
      othersSection: await makeSection(t.deps, owner, other),
      pin: (await makePin(t.deps, owner, board)).pin.id,
      foreignPin: (await makePin(t.deps, owner, other)).pin.id,
    };
  });
  afterAll(() => t.close());

  it.each(BAD_STARTS)('refuses a start with %s clearly and changes nothing', async (_name, options, status) => {
    const before = { board: await pinsOn(t, ids.board.id), other: await pinsOn(t, ids.other.id) };
    const response = await me.resource('BoardOrganizeResource', 'create', options(ids));
    expect(response.statusCode, response.body).toBe(status);
    const error = response.json<{ resource_response: { error: { message: string; message_detail?: string } } }>().resource_response.error;
    expect(`${error.message} ${error.message_detail ?? ''}`.trim()).not.toBe('');
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    expect(await t.deps.db.selectFrom('board_actions').select('id').execute()).toEqual([]);
    expect(await t.deps.db.selectFrom('jobs').select('id').where('type', '=', 'board.action').execute()).toEqual([]);
    expect({ board: await pinsOn(t, ids.board.id), other: await pinsOn(t, ids.other.id) }).toEqual(before);
    expect(await counterDrift(t.deps)).toEqual([]);
  });

  it.each(BAD_READS)('refuses a read with %s in the REST envelope', async (_name, path, status) => {
    const response = await me.get(path.replace('{id}', ids.board.id));
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ status: 'failure', data: null });
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
