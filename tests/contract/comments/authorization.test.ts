import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { acceptInvite, inviteCollaborator } from '../../../src/server/boards/collaborators.service.ts';
import { createComment } from '../../../src/server/comments/comments.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { createDidIt } from '../../../src/server/tried/did-its.service.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, withCountedTestApp, type TestUser } from '../../support/factories.ts';
import { editComment, feed, hide, pinOf, removeComment, rest, writeComment } from './helpers.ts';

/*
 * The authorization matrix of comments: every actor × action × target (a pin's comments and a
 * tried-it's, on a public and a secret pin), the expected answer computed from the small table of
 * rules below and compared with the real one. On the secret pin the author is a collaborator of the
 * board; the blocked member is blocked by the author; the tried-it is the author's. An operator
 * (OPERATORS) has no rights here beyond any member's: they act through the moderation queue.
 */
const ACTORS = ['author', 'pin owner', 'other member', 'operator', 'blocked member', 'visitor'] as const;
type ActorName = (typeof ACTORS)[number];
const ACTIONS = ['read', 'write', 'edit', 'delete', 'hide', 'highlight', 'flag'] as const;
type Action = (typeof ACTIONS)[number];
const PRIVACIES = ['public', 'secret'] as const;
type Privacy = (typeof PRIVACIES)[number];
const TARGETS = ['pin', 'tried-it'] as const;
type Target = (typeof TARGETS)[number];
type Outcome = 200 | 401 | 403 | 404 | 'listed' | 'absent';

function sees(actor: ActorName, privacy: Privacy): boolean {
  if (actor === 'blocked member') return false;
  return privacy === 'public' || actor === 'author' || actor === 'pin owner';
}

function allowed(actor: ActorName, action: Action): boolean {
  if (action === 'edit') return actor === 'author';
  if (action === 'delete') return actor === 'author' || actor === 'pin owner';
  if (action === 'hide' || action === 'highlight') return actor === 'pin owner';
  return true;
}

function expected(actor: ActorName, action: Action, privacy: Privacy, target: Target): Outcome {
  if (action === 'read') {
    if (sees(actor, privacy)) return 'listed';
    // The blocked member still sees the public pin, but not the comment; the author's tried-it not at all.
    return privacy === 'public' && target === 'pin' ? 'absent' : 404;
  }
  if (actor === 'visitor') return 401;
  if (!sees(actor, privacy)) return 404;
  return allowed(actor, action) ? 200 : 403;
}

describe.each(databaseKinds)('the comments authorization matrix on %s', (kind) => {
  let t: TestApp;
  let operator: TestUser | undefined;
  withCountedTestApp(kind, (app) => (t = app), 'at the end', { OPERATORS: 'azoperator' });

  async function world(privacy: Privacy, target: Target) {
    const prefix = `az${privacy}${target === 'pin' ? 'p' : 't'}`;
    const { owner, board, pin } = await pinOf(t, `${prefix}owner`, privacy);
    const author = await makeUser(t.deps, `${prefix}author`);
    if (privacy === 'secret') {
      await inviteCollaborator(t.deps, owner.actor, board.id, author.id);
      await acceptInvite(t.deps, author.actor, board.id);
    }
    const other = await makeUser(t.deps, `${prefix}other`);
    // The operator is named in OPERATORS by username; one operator account serves the whole matrix.
    if (!operator) {
      operator = await makeUser(t.deps, 'azop');
      await t.deps.db.updateTable('users').set({ username: 'azoperator' }).where('id', '=', operator.id).execute();
    }
    const blocked = await makeUser(t.deps, `${prefix}blocked`);
    await blockUser(t.deps, author.actor, blocked.id);
    const users: Partial<Record<ActorName, TestUser>> = { author, 'pin owner': owner, 'other member': other, operator, 'blocked member': blocked };
    const clients = {} as Record<ActorName, TestClient>;
    for (const actor of ACTORS) {
      const user = users[actor];
      clients[actor] = user ? await signIn(t, user) : await visitorClient(t);
    }
    const where = {
      pin_id: pin.id,
      ...(target === 'tried-it' ? { did_it_id: (await createDidIt(t.deps, author.actor, { pin_id: pin.id, details: 'Tried' })).id } : {}),
    };
    return { pin, author, clients, where };
  }

  const statusOf = (response: LightMyRequestResponse): Outcome => response.statusCode as Outcome;

  it('answers each actor as the rules say, with no leak', async () => {
    const mismatches: string[] = [];
    for (const privacy of PRIVACIES)
      for (const target of TARGETS) {
        const { pin, author, clients, where } = await world(privacy, target);
        // The operator column is a real operator: the moderation queue answers them.
        expect((await clients.operator.getResource('ModerationQueueResource', { status: 'waiting' })).statusCode).toBe(200);
        const on = `${target === 'pin' ? '' : 'a tried-it of '}the ${privacy} pin`;
        const newComment = async () => (await createComment(t.deps, author.actor, { ...where, text: `by the author on ${on}` })).id;
        const shared = await newComment();
        for (const actor of ACTORS) {
          const client = clients[actor];
          for (const action of ACTIONS) {
            // Deleting, hiding and flagging change the comment (enough weighted flags hide it): each gets its own.
            const id = action === 'delete' || action === 'hide' || action === 'flag' ? await newComment() : shared;
            let outcome: Outcome;
            if (action === 'read') {
              const response = await feed(client, where);
              outcome = response.statusCode === 200 ? (response.body.includes(`"${id}"`) ? 'listed' : 'absent') : statusOf(response);
            } else if (action === 'write') outcome = statusOf(await writeComment(client, { ...where, parent_id: id, text: `reply by ${actor}` }));
            else if (action === 'edit') outcome = statusOf(await editComment(client, { commentId: id, text: `edited by ${actor}` }));
            else if (action === 'delete') outcome = statusOf(await removeComment(client, id));
            else if (action === 'hide') outcome = statusOf(await hide(client, { pin_id: pin.id, comment_id: id }));
            else if (action === 'highlight')
              outcome = statusOf(await rest(client, 'PUT', '/v3/aggregated_comments/pin/highlight/', { aggregated_comment: id, pin: pin.id }));
            else outcome = statusOf(await rest(client, 'PUT', `/v3/aggregated_comments/${id}/flag/`, { reason: 'spam' }));
            const want = expected(actor, action, privacy, target);
            if (outcome !== want) mismatches.push(`${actor} ${action} on ${on}: ${String(outcome)}, expected ${String(want)}`);
          }
          // What a reader who may not see the comment gets never names it.
          if (!sees(actor, privacy)) {
            const read = await feed(client, where);
            if (read.body.includes(shared)) mismatches.push(`${actor} reads the comment ${shared} on ${on}`);
          }
        }
      }
    expect(mismatches).toEqual([]);
  });
});
