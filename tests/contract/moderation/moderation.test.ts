import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, waitForOutboxMail, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { errorOf, read } from '../discovery/helpers.ts';

type Case = {
  id: string;
  status: string;
  report_count: number;
  assignee: { username: string } | null;
  reasons: { reason: string; count: number }[];
  actions: string[];
  target: { type: string; id: string };
};
type Notice = { case_id: string; role: string; action: string; reason: string; can_appeal: boolean };
type LogEntry = { action: string; reason: string; case_id: string };

/** The fields these tests read of an answer's data (a report, a case, a notice list). */
type Answer = { id: string; case_id: string; status: string; assignee: { username: string } | null };
const dataOf = (response: LightMyRequestResponse) => response.json<{ resource_response: { data: Answer } }>().resource_response.data;
const viewerOf = (response: LightMyRequestResponse) => response.json<{ data: { id: string; is_write_banned: boolean } }>().data;

/*
 * Reports and the moderation queue through HTTP: reports grouped by target, assignment, a hidden
 * pin gone for all but its creator, reporter and subject told (notice and mail), an appeal back in
 * the queue, a restore, write bans enforced on saving and creating pins, and the log of it all.
 */
describe.each(databaseKinds)('moderation on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;
  let owner: TestUser;
  let ownerClient: TestClient;
  let firstReporter: TestClient;
  let secondReporter: TestClient;
  let other: TestClient;
  let pinId: string;

  const pinSeenBy = async (client: TestClient, id: string) => (await client.getResource('PinResource', { id })).statusCode;
  const emailOf = async (userId: string) => (await t.deps.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { OPERATORS: 'modkeeper' } });
    const operator = await makeUser(t.deps, 'mod');
    await t.deps.db.updateTable('users').set({ username: 'modkeeper' }).where('id', '=', operator.id).execute();
    ops = await signIn(t, operator);
    owner = await makeUser(t.deps, 'owner');
    ownerClient = await signIn(t, owner);
    const board = await makeBoard(t.deps, owner);
    pinId = (await makePin(t.deps, owner, board, { title: 'Reported pin' })).pin.id;
    const reporterUsers = [await makeUser(t.deps, 'rep'), await makeUser(t.deps, 'rep')];
    firstReporter = await signIn(t, reporterUsers[0] as TestUser);
    secondReporter = await signIn(t, reporterUsers[1] as TestUser);
    other = await signIn(t, await makeUser(t.deps, 'other'));
  });
  afterAll(() => t.close());

  it('groups reports by target, hides the pin from the queue, tells both sides, and takes an appeal back', async () => {
    const target = { id: pinId, type: 'pin', isPromoted: false, isProduct: false };
    const first = await firstReporter.resource('ReportResource', 'create', { target, reason: 'spam', detail: 'Same link everywhere' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await firstReporter.resource('ReportResource', 'create', { target, reason: 'spam' });
    expect(dataOf(again).id).toBe(dataOf(first).id);
    expect((await secondReporter.resource('ReportResource', 'create', { target, reason: 'hateful' })).statusCode).toBe(200);

    const queue = (await read<Case[]>(ops, 'ModerationQueueResource')).data.filter((c) => c.target.id === pinId);
    expect(queue).toHaveLength(1);
    const theCase = queue[0] as Case;
    expect(theCase.report_count).toBe(2);
    expect(theCase.reasons.map((r) => r.reason).sort()).toEqual(['hateful', 'spam']);
    expect(theCase.actions).toContain('hide_pin');

    const assigned = await ops.resource('ModerationAssignResource', 'create', { case_id: theCase.id });
    expect(dataOf(assigned).assignee?.username).toBe('modkeeper');

    const acted = await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'hide_pin', reason: 'Spam links' });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(dataOf(acted).status).toBe('closed');
    expect(await pinSeenBy(other, pinId)).toBe(404);
    expect(await pinSeenBy(await visitorClient(t), pinId)).toBe(404);
    expect(await pinSeenBy(ownerClient, pinId)).toBe(200);
    const profilePins = async (client: TestClient) =>
      (await read<{ id: string }[]>(client, 'UserPinsResource', { username: owner.username })).data.map((p) => p.id);
    expect(await profilePins(other)).not.toContain(pinId);
    expect(await profilePins(await visitorClient(t))).not.toContain(pinId);
    expect(await profilePins(ownerClient)).toContain(pinId);
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'dismiss', reason: 'again' })).statusCode).toBe(409);

    const told = (await read<Notice[]>(firstReporter, 'ModerationNoticesResource')).data;
    expect(told).toEqual([expect.objectContaining({ case_id: theCase.id, role: 'reporter', action: 'hide_pin', reason: 'Spam links', can_appeal: false })]);
    const subjectTold = (await read<Notice[]>(ownerClient, 'ModerationNoticesResource')).data;
    expect(subjectTold).toEqual([expect.objectContaining({ role: 'subject', action: 'hide_pin', can_appeal: true })]);
    const mails = await waitForOutboxMail(t.deps.config, await emailOf(owner.id));
    expect(mails[0]?.text).toContain('Spam links');

    expect((await firstReporter.resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'please' })).statusCode).toBe(404);
    const appeal = await ownerClient.resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'It is my own shop' });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect((await ownerClient.resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'again' })).statusCode).toBe(409);
    const back = (await read<Case[]>(ops, 'ModerationQueueResource')).data.find((c) => c.id === theCase.id);
    expect(back?.status).toBe('appealed');

    expect((await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'restore', reason: 'Appeal accepted' })).statusCode).toBe(
      200,
    );
    expect(await pinSeenBy(other, pinId)).toBe(200);
    expect(await profilePins(other)).toContain(pinId);
    const log = (await read<LogEntry[]>(ops, 'ModerationLogResource', { case_id: theCase.id })).data.map((e) => e.action);
    expect(log).toEqual(['restore', 'appeal', 'hide_pin', 'assign']);
    const events = await t.deps.db
      .selectFrom('domain_events')
      .select('type')
      .where('type', 'in', ['report.filed', 'moderation.decided', 'moderation.appealed', 'pin.moderated', 'moderation.assigned'])
      .execute();
    expect(events.map((e) => e.type).sort()).toEqual([
      'moderation.appealed',
      'moderation.assigned',
      'moderation.decided',
      'moderation.decided',
      'pin.moderated',
      'pin.moderated',
      'report.filed',
      'report.filed',
    ]);
  });

  it('write-bans a reported member: the viewer says so and saving, creating pins, tried-its and comments is refused', async () => {
    const banned = await makeUser(t.deps, 'banned');
    const bannedClient = await signIn(t, banned);
    const board = await makeBoard(t.deps, banned);
    const filed = await other.resource('ReportResource', 'create', { target: { id: banned.id, type: 'member' }, reason: 'harassment' });
    expect(filed.statusCode, filed.body).toBe(200);
    const caseId = dataOf(filed).case_id;
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: caseId, action: 'write_ban', reason: 'Harassing people' })).statusCode).toBe(
      200,
    );
    const me = await bannedClient.get('/v3/users/me/');
    expect(viewerOf(me).is_write_banned).toBe(true);
    const save = await bannedClient.resource('RepinResource', 'create', { pin_id: pinId, board_id: board.id });
    expect(save.statusCode).toBe(403);
    expect(errorOf(save)).toContain('moderation decision');
    await expect(makePin(t.deps, banned, board)).rejects.toThrow(/moderation decision/);
    const tried = await bannedClient.resource('UserDidItDataResource', 'create', { pin_id: pinId, details: 'Made it twice' });
    expect(tried.statusCode).toBe(403);
    expect(await t.deps.db.selectFrom('did_its').select('id').where('user_id', '=', banned.id).execute()).toEqual([]);
    const comment = await bannedClient.resource('AggregatedCommentResource', 'create', { pin_id: pinId, text: 'Still here' });
    expect(comment.statusCode).toBe(403);
    expect(await t.deps.db.selectFrom('comments').select('id').where('user_id', '=', banned.id).execute()).toEqual([]);
    expect(viewerOf(await ownerClient.get('/v3/users/me/')).is_write_banned).toBe(false);
  });

  it('suspends a member: their sessions stop signing them in and a sign-in is refused, until restored', async () => {
    const suspended = t.client('10.77.0.1');
    await suspended.signUp('suspend-me@example.com');
    const me = viewerOf(await suspended.get('/v3/users/me/'));
    const filed = await other.resource('ReportResource', 'create', { target: { id: me.id, type: 'member' }, reason: 'violence' });
    const caseId = dataOf(filed).case_id;
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: caseId, action: 'suspend', reason: 'Threats' })).statusCode).toBe(200);
    expect((await suspended.get('/v3/users/me/')).statusCode).toBe(401);
    const again = t.client('10.77.0.2');
    await again.ensureCsrf();
    const refused = await again.post('/v3/login/handshake/', { username_or_email: 'suspend-me@example.com', password: 'correct horse battery' });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('suspended');
    expect((await ownerClient.get('/v3/users/me/')).statusCode).toBe(200);

    // Signed out, the member appeals by mail; the operator restores the case from the queue.
    await t.deps.db.updateTable('moderation_cases').set({ status: 'appealed', appeal_text: 'By mail' }).where('id', '=', caseId).execute();
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: caseId, action: 'restore', reason: 'Appeal by mail' })).statusCode).toBe(200);
    await again.logIn('suspend-me@example.com');
    expect(viewerOf(await again.get('/v3/users/me/')).is_write_banned).toBe(false);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const tables = ['reports', 'moderation_cases', 'moderation_actions', 'moderation_notices', 'feedback'] as const;
    const countOf = async (table: (typeof tables)[number]) =>
      Number(
        (
          await t.deps.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const counts = () => Promise.all(tables.map(countOf));
    const before = await counts();
    const caseId = ((await read<Case[]>(ops, 'ModerationQueueResource', { status: 'closed' })).data[0] as Case).id;
    const bad: [TestClient, string, Record<string, unknown>][] = [
      [other, 'ReportResource', { target: { id: pinId, type: 'board' }, reason: 'spam' }],
      [other, 'ReportResource', { target: { id: 'abc', type: 'pin' }, reason: 'spam' }],
      [other, 'ReportResource', { target: { id: pinId, type: 'pin' }, reason: 'boring' }],
      [other, 'ReportResource', { target: { id: pinId, type: 'pin' }, reason: 'spam', detail: 'x'.repeat(501) }],
      [other, 'ReportResource', { reason: 'spam' }],
      [ownerClient, 'ReportResource', { target: { id: pinId, type: 'pin' }, reason: 'spam' }],
      [ops, 'ModerationActionResource', { case_id: caseId, action: 'delete_everything', reason: 'x' }],
      [ops, 'ModerationActionResource', { case_id: caseId, action: 'dismiss', reason: '   ' }],
      [ops, 'ModerationActionResource', { case_id: 'nope', action: 'dismiss', reason: 'x' }],
      [ops, 'ModerationAssignResource', { case_id: '' }],
      [ownerClient, 'ModerationAppealResource', { case_id: caseId, text: ' ' }],
      [ownerClient, 'ModerationAppealResource', { case_id: caseId, text: 'x'.repeat(1001) }],
    ];
    for (const [client, name, options] of bad) {
      const response = await client.resource(name, 'create', options);
      expect(response.statusCode, `${name} ${JSON.stringify(options).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(errorOf(response)).not.toBe('');
    }
    expect((await ops.getResource('ModerationQueueResource', { status: 'all' })).statusCode).toBe(400);
    expect((await ops.getResource('ModerationLogResource', { case_id: 'x' })).statusCode).toBe(400);
    const forms: Record<string, string>[] = [
      {},
      { feedback_data: 'not json' },
      { feedback_data: JSON.stringify({ text: '   ' }) },
      { feedback_data: JSON.stringify({ text: 5 }) },
      { feedback_data: JSON.stringify({ text: 'x'.repeat(5001) }) },
    ];
    for (const form of forms) {
      const response = await other.post('/v3/analytics/feedback/', form);
      expect(response.statusCode, response.body).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it('stores feedback from members and visitors, and only operators read it', async () => {
    const sent = await other.post('/v3/analytics/feedback/', { feedback_data: JSON.stringify({ text: ' The grid is lovely ', page: '/' }) });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await (await visitorClient(t)).post('/v3/analytics/feedback/', { feedback_data: JSON.stringify({ text: 'From a visitor' }) })).statusCode).toBe(
      200,
    );
    const feedback = (await read<{ text: string; page: string | null; user: unknown }[]>(ops, 'FeedbackAdminResource')).data;
    expect(feedback.map((f) => f.text)).toEqual(['From a visitor', 'The grid is lovely']);
    expect(feedback[1]?.page).toBe('/');
    expect((await other.getResource('FeedbackAdminResource')).statusCode).toBe(403);
    expect((await (await visitorClient(t)).getResource('FeedbackAdminResource')).statusCode).toBe(401);
  });
});
