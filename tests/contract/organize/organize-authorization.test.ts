import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvite, approveRequest, inviteCollaborator, requestToJoin } from '../../../src/server/boards/collaborators.service.ts';
import { updateBoard } from '../../../src/server/boards/boards.service.ts';
import type { Board } from '../../../src/server/db/schema/boards-and-pins.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { runAction } from './helpers.ts';

/*
 * Who may read a board's blocking actions and start one: every actor × public and secret boards.
 * The expected status is the whole answer; a leak is any other status, or an answer that is not a
 * success yet carries an action's id or reason.
 */
const ROLES = ['owner', 'collaborator', 'collaborator_delete', 'other', 'blocked', 'visitor', 'operator'] as const;
type Role = (typeof ROLES)[number];
type Call = 'read' | 'start';
type Privacy = 'public' | 'secret';

const EXPECTED: Record<Privacy, Record<Call, Record<Role, number>>> = {
  public: {
    // Anyone who sees the board sees that it exists; only those who run it (and operators) see its actions.
    read: { owner: 200, collaborator: 200, collaborator_delete: 200, other: 403, blocked: 404, visitor: 401, operator: 200 },
    // Organizing takes pins off the board: the delete right (the owner, a collaborator approved with delete).
    start: { owner: 200, collaborator: 403, collaborator_delete: 200, other: 403, blocked: 404, visitor: 401, operator: 403 },
  },
  secret: {
    read: { owner: 200, collaborator: 200, collaborator_delete: 200, other: 404, blocked: 404, visitor: 404, operator: 200 },
    start: { owner: 200, collaborator: 403, collaborator_delete: 200, other: 404, blocked: 404, visitor: 401, operator: 404 },
  },
};

describe.each(databaseKinds)('blocking actions authorization on %s', (kind) => {
  let t: TestApp;
  const users = {} as Record<Exclude<Role, 'visitor'>, TestUser>;
  const clients = {} as Record<Role, TestClient>;
  const boards = {} as Record<Privacy, Board>;

  async function world(privacy: Privacy): Promise<Board> {
    const board = await makeBoard(t.deps, users.owner, { privacy: 'public' });
    await inviteCollaborator(t.deps, users.owner.actor, board.id, users.collaborator.id);
    await acceptInvite(t.deps, users.collaborator.actor, board.id);
    await requestToJoin(t.deps, users.collaborator_delete.actor, board.id);
    await approveRequest(t.deps, users.owner.actor, board.id, users.collaborator_delete.id);
    return privacy === 'secret' ? updateBoard(t.deps, users.owner.actor, board.id, { privacy: 'secret' }) : board;
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'organizeop' } });
    for (const role of ROLES) if (role !== 'visitor') users[role] = await makeUser(t.deps, role);
    await t.deps.db.updateTable('users').set({ username: 'organizeop' }).where('id', '=', users.operator.id).execute();
    for (const privacy of ['public', 'secret'] as const) boards[privacy] = await world(privacy);
    await blockUser(t.deps, users.owner.actor, users.blocked.id);
    for (const role of ROLES) clients[role] = role === 'visitor' ? await visitorClient(t) : await signIn(t, users[role]);
  });
  afterAll(() => t.close());

  it('answers every actor as the matrix says, with no leak', async () => {
    const leaks: string[] = [];
    for (const privacy of ['public', 'secret'] as const) {
      const board = boards[privacy];
      // An action already on the board, so a read has something it could leak.
      const { pin } = await makePin(t.deps, users.owner, board);
      const seeded = await clients.owner.resource('BoardOrganizeResource', 'create', { kind: 'delete_pins', board_id: board.id, pin_ids: [pin.id] });
      const seededId = seeded.json<{ resource_response: { data: { id: string } } }>().resource_response.data.id;
      await runAction(t, seededId);
      for (const role of ROLES) {
        const read = await clients[role].get(`/v3/boards/${board.id}/?fields=board.id,board.blocking_actions`);
        const { pin: mine } = await makePin(t.deps, users.owner, board);
        const start = await clients[role].resource('BoardOrganizeResource', 'create', { kind: 'delete_pins', board_id: board.id, pin_ids: [mine.id] });
        if (start.statusCode === 200) await runAction(t, start.json<{ resource_response: { data: { id: string } } }>().resource_response.data.id);
        const answers: Record<Call, typeof read> = { read, start };
        for (const call of ['read', 'start'] as const) {
          const expected = EXPECTED[privacy][call][role];
          const answer = answers[call];
          if (answer.statusCode !== expected) leaks.push(`${privacy} ${role} ${call}: ${answer.statusCode} (expected ${expected})`);
          if (answer.statusCode !== 200 && answer.body.includes(seededId)) leaks.push(`${privacy} ${role} ${call}: the answer names an action`);
        }
      }
    }
    expect(leaks).toEqual([]);
    expect(await counterDrift(t.deps)).toEqual([]);
  });
});
