import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Board, BoardSection, Pin } from '../../../src/server/db/schema/boards-and-pins.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeSection, makeUser, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { REFERENCE_EXTRACT_FILE } from '../../support/openapi.ts';
import { answered, makeToken, snapshot, v5, type Call, type Method } from './helpers.ts';

type ErrorExample = { status: string; code: number; message: string };
type ErrorBody = { code: number; message: string };

const extract = JSON.parse(fs.readFileSync(REFERENCE_EXTRACT_FILE, 'utf8')) as { errors: Record<string, Record<string, ErrorExample[]>> };

/** The reference's one example answer of `status` for the operation whose message matches `which`. */
function referenceAnswer(method: Method, path: string, status: number, which: RegExp): ErrorBody {
  const examples = (extract.errors[path]?.[method.toLowerCase()] ?? []).filter((e) => e.status === String(status) && which.test(e.message));
  expect(examples, `${method} ${path} ${status} ${String(which)}`).toHaveLength(1);
  const [{ code, message }] = examples as [ErrorExample];
  return { code, message };
}

const MISSING = '987654321987';

/**
 * Where the reference names an operation's error answer (its code and message), the public API
 * answers with it (docs/decisions/0011-public-api-v5.md); elsewhere the generic one stays.
 */
describe.each(databaseKinds)('public API error codes on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(
    kind,
    (app) => {
      t = app;
    },
    'at the end',
  );

  let board: Board;
  let pin: Pin;
  let others: Board;
  let othersSection: BoardSection;
  let token: string;
  let me: TestUser;

  beforeAll(async () => {
    me = await makeUser(t.deps, 'v5codes');
    const other = await makeUser(t.deps, 'v5codesother');
    board = await makeBoard(t.deps, me, { name: 'Mine' });

    pin = (await makePin(t.deps, me, board)).pin;
    others = await makeBoard(t.deps, other, { name: 'Theirs' });
    othersSection = await makeSection(t.deps, other, others, 'Their part');
    token = await makeToken(t, me);
  });

  type Case = [string, Method, () => Omit<Call, 'token'>, number, RegExp];
  const CASES: Case[] = [
    ['a missing board, listing its pins', 'GET', () => ({ path: '/boards/{board_id}/pins', params: { board_id: MISSING } }), 404, /Board/],
    [
      'a missing section, listing its pins',
      'GET',
      () => ({ path: '/boards/{board_id}/sections/{section_id}/pins', params: { board_id: board.id, section_id: MISSING } }),
      404,
      /section/,
    ],
    [
      'a missing section, deleting it',
      'DELETE',
      () => ({ path: '/boards/{board_id}/sections/{section_id}', params: { board_id: board.id, section_id: MISSING } }),
      404,
      /section/,
    ],
    [
      "a section of another's board, deleting it",
      'DELETE',
      () => ({ path: '/boards/{board_id}/sections/{section_id}', params: { board_id: others.id, section_id: othersSection.id } }),
      403,
      /section/,
    ],
    [
      "a section of another's board, renaming it",
      'PATCH',
      () => ({ path: '/boards/{board_id}/sections/{section_id}', params: { board_id: others.id, section_id: othersSection.id }, body: { name: 'Mine now' } }),
      403,
      /section/,
    ],
    [
      "another's board, adding a section",
      'POST',
      () => ({ path: '/boards/{board_id}/sections', params: { board_id: others.id }, body: { name: 'Mine' } }),
      403,
      /section/,
    ],
    ['a missing pin, saving it', 'POST', () => ({ path: '/pins/{pin_id}/save', params: { pin_id: MISSING }, body: { board_id: board.id } }), 404, /^Pin/],
    [
      'a missing board, saving to it',
      'POST',
      () => ({ path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, body: { board_id: MISSING } }),
      404,
      /^Board not found/,
    ],
    [
      'a missing section, saving to it',
      'POST',
      () => ({ path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, body: { board_id: board.id, board_section_id: MISSING } }),
      404,
      /board section/,
    ],
    [
      "another's board, saving to it",
      'POST',
      () => ({ path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, body: { board_id: others.id } }),
      403,
      /permitted/,
    ],
  ];

  it.each(CASES)('%s answers the reference’s code and message, changing nothing', async (_name, method, make, status, which) => {
    const call = make();
    const before = await snapshot(t);
    const body = answered<ErrorBody>(await v5(t, method, { ...call, token }), status);
    expect(body).toEqual(referenceAnswer(method, call.path, status, which));
    expect(await snapshot(t)).toBe(before);
  });

  it('an operation whose reference names no answer for the failure keeps the generic one', async () => {
    const missingPin = await v5(t, 'GET', { path: '/pins/{pin_id}', params: { pin_id: MISSING }, token });
    expect(answered<ErrorBody>(missingPin, 404)).toEqual({ code: 5, message: 'Not found.' });
    // A refusal with its own detail (the scopes a token lacks) says more than the reference's example.
    const readOnly = await makeToken(t, me, ['boards:read', 'pins:read']);
    const save = await v5(t, 'POST', { path: '/pins/{pin_id}/save', params: { pin_id: pin.id }, body: { board_id: board.id }, token: readOnly });
    expect(answered<ErrorBody>(save, 403).message).toMatch(/scope/);
  });
});
