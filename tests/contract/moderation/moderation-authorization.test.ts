import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';

/** The fields these tests read of an answer's data (a report, a case, a notice list). */
type Answer = { id: string; case_id: string; status: string; assignee: { username: string } | null };
const dataOf = (response: LightMyRequestResponse) => response.json<{ resource_response: { data: Answer } }>().resource_response.data;
const listOf = (response: LightMyRequestResponse) =>
  response.json<{ resource_response: { data: { role: string; case_id: string }[] } }>().resource_response.data;
const viewerOf = (response: LightMyRequestResponse) => response.json<{ data: { id: string; is_write_banned: boolean } }>().data;

/*
 * Who may do what with reports and cases: reporter, subject, another member, a visitor and an
 * operator × report, read the queue, read the log, act, read decisions, appeal, read feedback.
 * Expected statuses are the whole answer; a leak is any other.
 */
type Role = 'reporter' | 'subject' | 'other' | 'visitor' | 'operator';
type Call = 'report' | 'queue' | 'log' | 'act' | 'notices' | 'appeal' | 'feedback';

const EXPECTED: Record<Call, Record<Role, number>> = {
  // The subject cannot report their own pin (400); a visitor is asked to sign in.
  report: { reporter: 200, subject: 400, other: 200, visitor: 401, operator: 200 },
  queue: { reporter: 403, subject: 403, other: 403, visitor: 401, operator: 200 },
  log: { reporter: 403, subject: 403, other: 403, visitor: 401, operator: 200 },
  act: { reporter: 403, subject: 403, other: 403, visitor: 401, operator: 200 },
  notices: { reporter: 200, subject: 200, other: 200, visitor: 401, operator: 200 },
  // Only the subject has a case to appeal; for everyone else it does not exist.
  appeal: { reporter: 404, subject: 200, other: 404, visitor: 401, operator: 404 },
  feedback: { reporter: 403, subject: 403, other: 403, visitor: 401, operator: 200 },
};

describe.each(databaseKinds)('moderation authorization on %s', (kind) => {
  let t: TestApp;
  const clients = {} as Record<Role, TestClient>;
  let subject: TestUser;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false, env: { OPERATORS: 'matrixmod' } });
    const operator = await makeUser(t.deps, 'op');
    await t.deps.db.updateTable('users').set({ username: 'matrixmod' }).where('id', '=', operator.id).execute();
    subject = await makeUser(t.deps, 'subject');
    clients.operator = await signIn(t, operator);
    clients.subject = await signIn(t, subject);
    clients.reporter = await signIn(t, await makeUser(t.deps, 'reporter'));
    clients.other = await signIn(t, await makeUser(t.deps, 'other'));
    clients.visitor = await visitorClient(t);
  });
  afterAll(() => t.close());

  it('answers every role as the matrix says, with no leak', async () => {
    const leaks: string[] = [];
    const roles: Role[] = ['visitor', 'reporter', 'subject', 'other', 'operator'];
    for (const role of roles) {
      // A fresh pin and case per role, so each acts on a case in the state its call needs.
      const pin = (await makePin(t.deps, subject, await makeBoard(t.deps, subject))).pin;
      const filed = await clients.reporter.resource('ReportResource', 'create', { target: { id: pin.id, type: 'pin' }, reason: 'spam' });
      const caseId = dataOf(filed).case_id;
      const statuses: Record<Call, number> = {
        report: (await clients[role].resource('ReportResource', 'create', { target: { id: pin.id, type: 'pin' }, reason: 'nudity' })).statusCode,
        queue: (await clients[role].getResource('ModerationQueueResource')).statusCode,
        log: (await clients[role].getResource('ModerationLogResource')).statusCode,
        act: (await clients[role].resource('ModerationActionResource', 'create', { case_id: caseId, action: 'warn', reason: 'Warned' })).statusCode,
        notices: (await clients[role].getResource('ModerationNoticesResource')).statusCode,
        appeal: 0,
        feedback: (await clients[role].getResource('FeedbackAdminResource')).statusCode,
      };
      if (statuses.act !== 200) await clients.operator.resource('ModerationActionResource', 'create', { case_id: caseId, action: 'warn', reason: 'Warned' });
      statuses.appeal = (await clients[role].resource('ModerationAppealResource', 'create', { case_id: caseId, text: 'Please look again' })).statusCode;
      for (const call of Object.keys(EXPECTED) as Call[]) {
        if (statuses[call] !== EXPECTED[call][role]) leaks.push(`${role} ${call}: ${statuses[call]} (expected ${EXPECTED[call][role]})`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('shows each member only the decisions on what they reported or what is theirs', async () => {
    const noticesOf = async (role: Role) => listOf(await clients[role].getResource('ModerationNoticesResource'));
    const reportedBy = async (role: Role) => {
      const me = viewerOf(await clients[role].get('/v3/users/me/')).id;
      return new Set((await t.deps.db.selectFrom('reports').select('case_id').where('reporter_id', '=', me).execute()).map((r) => r.case_id));
    };
    const subject = await noticesOf('subject');
    expect(subject.length).toBeGreaterThan(0);
    expect(subject.every((n) => n.role === 'subject')).toBe(true);
    for (const role of ['reporter', 'other', 'operator'] as const) {
      const mine = await reportedBy(role);
      const notices = await noticesOf(role);
      expect(notices.every((n) => n.role === 'reporter' && mine.has(n.case_id))).toBe(true);
    }
  });
});
