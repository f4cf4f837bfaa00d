import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT } from '../../../src/server/app.ts';
import { inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { ensureInterest } from '../../../src/server/social/topics.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makeMedia, makePin, makeSection, makeUser, signIn } from '../../support/factories.ts';
import { expectResourceFailure, hostileResourceCall, seedOf, seededRandom } from '../auth/hostile-inputs.ts';

/*
 * Hostile options for every resource and verb of boards, pins and social: wrong types, huge and
 * odd strings, missing and extra fields, broken encodings. Never a 5xx, never a stack trace, a
 * failure always in the error envelope, and a refused call changes nothing.
 */

const CASES = Number(process.env['FUZZ_CASES'] ?? 60);
const BASE_SEED = Number(process.env['FUZZ_SEED'] ?? 20240303);

type Ids = {
  board: string;
  othersBoard: string;
  section: string;
  pin: string;
  save: string;
  media: string;
  other: string;
  otherName: string;
  me: string;
  interest: string;
};
type Endpoint = { name: string; verb: 'get' | 'create' | 'update' | 'delete'; example: (ids: Ids) => Record<string, unknown> };

const endpoints: Endpoint[] = [
  { name: 'BoardResource', verb: 'get', example: (i) => ({ board_id: i.board }) },
  { name: 'BoardResource', verb: 'create', example: () => ({ name: 'Fuzzed', description: 'd', privacy: 'secret' }) },
  { name: 'BoardResource', verb: 'update', example: (i) => ({ board_id: i.board, name: 'Renamed', privacy: 'public', cover_pin_id: i.pin, archived: false }) },
  { name: 'BoardResource', verb: 'delete', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'BoardSectionResource', verb: 'get', example: (i) => ({ board_id: i.board }) },
  { name: 'BoardSectionResource', verb: 'create', example: (i) => ({ board_id: i.board, title: 'S' }) },
  { name: 'BoardSectionResource', verb: 'update', example: (i) => ({ section_id: i.section, title: 'T' }) },
  { name: 'BoardSectionResource', verb: 'delete', example: (i) => ({ section_id: i.section }) },
  { name: 'BoardsFeedResource', verb: 'get', example: (i) => ({ username: i.otherName, sort: 'alphabetical', archived: false, bookmark: 'WzEsIjEiXQ' }) },
  { name: 'BoardFeedResource', verb: 'get', example: (i) => ({ board_id: i.board, section_id: i.section, bookmark: 'WzEsIjEiXQ' }) },
  { name: 'BoardPickerBoardsResource', verb: 'get', example: (i) => ({ query: 'a%_', pin_id: i.pin, bookmark: 'WyJhIiwiMSJd' }) },
  { name: 'BoardCollaboratorResource', verb: 'get', example: (i) => ({ board_id: i.board }) },
  { name: 'BoardCollaboratorResource', verb: 'create', example: (i) => ({ board_id: i.board, user_id: i.other }) },
  { name: 'BoardCollaboratorResource', verb: 'update', example: (i) => ({ board_id: i.board, user_id: i.other, status: 'accepted' }) },
  { name: 'BoardCollaboratorResource', verb: 'delete', example: (i) => ({ board_id: i.board, user_id: i.other }) },
  { name: 'BoardInviteResource', verb: 'get', example: () => ({}) },
  { name: 'BoardInviteResource', verb: 'create', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'BoardInviteResource', verb: 'update', example: (i) => ({ board_id: i.othersBoard, status: 'accepted' }) },
  { name: 'BoardInviteResource', verb: 'delete', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'BoardOwnershipTransferResource', verb: 'create', example: (i) => ({ board_id: i.board, user_id: i.other }) },
  { name: 'BoardOwnershipTransferResource', verb: 'update', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'BoardOwnershipTransferResource', verb: 'delete', example: (i) => ({ board_id: i.board }) },
  { name: 'PinResource', verb: 'get', example: (i) => ({ id: i.pin }) },
  {
    name: 'PinResource',
    verb: 'create',
    example: (i) => ({
      board_id: i.board,
      section_id: i.section,
      media_id: i.media,
      title: 't',
      description: 'd',
      link: 'https://example.com/x',
      alt_text: 'a',
      comments_disabled: false,
    }),
  },
  { name: 'PinResource', verb: 'update', example: (i) => ({ id: i.pin, title: 't', link: 'http://example.com' }) },
  { name: 'PinResource', verb: 'delete', example: (i) => ({ id: i.pin }) },
  { name: 'RepinResource', verb: 'create', example: (i) => ({ pin_id: i.pin, board_id: i.board, section_id: i.section }) },
  { name: 'RepinResource', verb: 'update', example: (i) => ({ id: i.save, board_id: i.board, section_id: null }) },
  { name: 'RepinResource', verb: 'delete', example: (i) => ({ id: i.save }) },
  { name: 'HiddenPinResource', verb: 'create', example: (i) => ({ pin_id: i.pin }) },
  { name: 'HiddenPinResource', verb: 'delete', example: (i) => ({ pin_id: i.pin }) },
  { name: 'UserPinsResource', verb: 'get', example: (i) => ({ username: i.otherName, bookmark: 'WzEsIjEiXQ' }) },
  { name: 'UserResource', verb: 'get', example: (i) => ({ username: i.otherName }) },
  { name: 'UserResource', verb: 'update', example: (i) => ({ about: 'a', website_url: 'https://x.example', image_media_id: i.media }) },
  { name: 'UserFollowResource', verb: 'create', example: (i) => ({ user_id: i.other, user_ids: [i.other] }) },
  { name: 'UserFollowResource', verb: 'delete', example: (i) => ({ user_id: i.other }) },
  { name: 'BoardFollowResource', verb: 'create', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'BoardFollowResource', verb: 'delete', example: (i) => ({ board_id: i.othersBoard }) },
  { name: 'InterestResource', verb: 'get', example: (i) => ({ id: i.interest, slug: 'fuzz-topic' }) },
  { name: 'InterestFollowResource', verb: 'create', example: (i) => ({ interest_id: i.interest }) },
  { name: 'InterestFollowResource', verb: 'delete', example: (i) => ({ interest_id: i.interest }) },
  { name: 'UserBlockResource', verb: 'get', example: () => ({ bookmark: 'WzEsIjEiXQ' }) },
  { name: 'UserBlockResource', verb: 'create', example: (i) => ({ user_id: i.other }) },
  { name: 'UserBlockResource', verb: 'delete', example: (i) => ({ user_id: i.other }) },
];

describe.each(databaseKinds)('hostile input to the board, pin and social resources on %s', (kind) => {
  let t: TestApp;
  let client: TestClient;
  let ids: Ids;

  async function tables(): Promise<string> {
    const db = t.deps.db;
    const all = await Promise.all([
      db.selectFrom('boards').selectAll().orderBy('id').execute(),
      db.selectFrom('board_sections').selectAll().orderBy('id').execute(),
      db.selectFrom('board_collaborators').selectAll().orderBy('board_id').orderBy('user_id').execute(),
      db.selectFrom('pins').selectAll().orderBy('id').execute(),
      db.selectFrom('board_pins').selectAll().orderBy('id').execute(),
      db.selectFrom('hidden_pins').selectAll().orderBy('user_id').orderBy('pin_id').execute(),
      db.selectFrom('user_follows').selectAll().orderBy('follower_id').orderBy('followee_id').execute(),
      db.selectFrom('board_follows').selectAll().orderBy('user_id').orderBy('board_id').execute(),
      db.selectFrom('interest_follows').selectAll().orderBy('user_id').orderBy('interest_id').execute(),
      db.selectFrom('interests').selectAll().orderBy('id').execute(),
      db.selectFrom('blocks').selectAll().orderBy('blocker_id').orderBy('blocked_id').execute(),
      db.selectFrom('user_profiles').selectAll().orderBy('user_id').execute(),
    ]);
    return JSON.stringify(all);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    const me = await makeUser(t.deps, 'fuzzer');
    const other = await makeUser(t.deps, 'other');
    const board = await makeBoard(t.deps, me);
    const othersBoard = await makeBoard(t.deps, other);
    const section = await makeSection(t.deps, me, board);
    const { pin, save } = await makePin(t.deps, me, board);
    await makePin(t.deps, other, othersBoard);
    await inviteCollaborator(t.deps, other.actor, othersBoard.id, me.id);
    const interest = await ensureInterest(t.deps.db, 'Fuzz topic', 'fuzz-topic');
    ids = {
      board: board.id,
      othersBoard: othersBoard.id,
      section: section.id,
      pin: pin.id,
      save: save.id,
      media: await makeMedia(t.deps, me),
      other: other.id,
      otherName: other.username,
      me: me.id,
      interest: interest.id,
    };
    client = await signIn(t, me);
  });
  afterAll(() => t.close());

  it.each(endpoints)('$name $verb: never 5xx, always the error envelope, nothing changed on 4xx', async (endpoint) => {
    const seed = seedOf(`${endpoint.name}/${endpoint.verb}`, BASE_SEED);
    const random = seededRandom(seed);
    let before = await tables();
    for (let i = 0; i < CASES; i += 1) {
      const call = hostileResourceCall(endpoint.name, endpoint.verb, endpoint.example(ids), random, BODY_LIMIT);
      const response = await client.request(call);
      const where = `${endpoint.name} ${endpoint.verb} case ${i} (seed ${seed}): ${call.method ?? 'GET'} ${call.url.slice(0, 300)}`;
      expect(response.statusCode, `${where}\n${response.body.slice(0, 500)}`).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\.ts:\d+|node_modules|at \w+ \(/);
      if (response.statusCode >= 400) {
        expectResourceFailure(response, where);
        expect(await tables(), where).toBe(before);
      } else {
        before = await tables();
      }
    }
  });
});
