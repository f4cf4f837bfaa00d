import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeUser, signIn, visitorClient, type TestUser } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { commentCountOf, feed, pinOf, rest, writeComment, type Comment } from '../comments/helpers.ts';
import { errorOf, read } from '../discovery/helpers.ts';

type Case = {
  id: string;
  status: string;
  actions: string[];
  target: { type: string; id: string; parent_id: string | null; title: string | null };
  subject: { id: string } | null;
};
type Notice = { case_id: string; role: string; action: string; can_appeal: boolean };
type LogEntry = { action: string; case_id: string };
const dataOf = (response: LightMyRequestResponse) =>
  response.json<{ resource_response: { data: { id: string; case_id: string; status: string } } }>().resource_response.data;

/*
 * Moderation of comments (docs/decisions/0044-moderation.md, "Comments"): a reported comment removed
 * by an operator is gone for everyone else with exact counts, its author told and able to appeal, a
 * restore shows it again; weighted flags hide a comment and bring its case to the queue, a
 * dismissal shows it again; bad input changes nothing.
 */
describe.each(databaseKinds)('comment moderation on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { OPERATORS: 'cmodkeeper' } });
    const operator = await makeUser(t.deps, 'cmod');
    await t.deps.db.updateTable('users').set({ username: 'cmodkeeper' }).where('id', '=', operator.id).execute();
    ops = await signIn(t, operator);
  });
  afterEach(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
  });
  afterAll(() => t.close());

  const shownIds = async (client: TestClient, pinId: string, parentId?: string) =>
    ok<Comment[]>(await feed(client, { pin_id: pinId, ...(parentId === undefined ? {} : { parent_id: parentId }) })).map((c) => c.id);
  const caseOf = async (commentId: string, status: 'waiting' | 'closed' = 'waiting') =>
    (await read<Case[]>(ops, 'ModerationQueueResource', { status })).data.find((c) => c.target.type === 'comment' && c.target.id === commentId);
  const flag = (client: TestClient, commentId: string) => rest(client, 'PUT', `/v3/aggregated_comments/${commentId}/flag/`, { reason: 'spam' });

  it('a reported comment is removed by an operator: gone for others with exact counts, its author told, and shown again after an appeal', async () => {
    const { owner, pin } = await pinOf(t, 'rcowner');
    const author = await makeUser(t.deps, 'rcauthor');
    const authorClient = await signIn(t, author);
    const reporter = await signIn(t, await makeUser(t.deps, 'rcreporter'));
    const ownerClient = await signIn(t, owner);
    const kept = ok<Comment>(await writeComment(ownerClient, { pin_id: pin.id, text: 'Welcome all' }));
    const bad = ok<Comment>(await writeComment(authorClient, { pin_id: pin.id, text: 'Buy cheap watches' }));
    ok<Comment>(await writeComment(ownerClient, { pin_id: pin.id, text: 'Please stop', parent_id: bad.id }));
    expect(await commentCountOf(t, pin.id)).toBe(3);

    const selfReport = await authorClient.resource('ReportResource', 'create', { target: { type: 'comment', id: bad.id }, reason: 'spam' });
    expect(selfReport.statusCode).toBe(400);
    const filed = await reporter.resource('ReportResource', 'create', { target: { type: 'comment', id: bad.id, parentId: pin.id }, reason: 'spam' });
    expect(filed.statusCode, filed.body).toBe(200);
    const theCase = (await caseOf(bad.id)) as Case;
    expect(theCase.subject?.id).toBe(author.id);
    expect(theCase.target).toMatchObject({ parent_id: pin.id, title: 'Buy cheap watches' });
    expect(theCase.actions).toContain('remove_comment');
    expect(theCase.actions).not.toContain('hide_pin');

    const acted = await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'remove_comment', reason: 'Spam' });
    expect(acted.statusCode, acted.body).toBe(200);
    expect(dataOf(acted).status).toBe('closed');
    for (const client of [reporter, ownerClient, await visitorClient(t)]) expect(await shownIds(client, pin.id)).toEqual([kept.id]);
    expect(await commentCountOf(t, pin.id)).toBe(1);
    expect((await rest(reporter, 'POST', `/v3/aggregated_comments/${bad.id}/react/`, { reaction_type: 1 })).statusCode).toBe(404);
    expect(await counterDrift(t.deps)).toEqual([]);

    const told = (await read<Notice[]>(authorClient, 'ModerationNoticesResource')).data;
    expect(told).toEqual([expect.objectContaining({ case_id: theCase.id, role: 'subject', action: 'remove_comment', can_appeal: true })]);
    expect((await read<Notice[]>(reporter, 'ModerationNoticesResource')).data).toEqual([
      expect.objectContaining({ case_id: theCase.id, role: 'reporter', action: 'remove_comment' }),
    ]);

    const appeal = await authorClient.resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'It was a joke' });
    expect(appeal.statusCode, appeal.body).toBe(200);
    const restored = await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'restore', reason: 'Appeal accepted' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await shownIds(reporter, pin.id)).sort()).toEqual([kept.id, bad.id].sort());
    expect(await shownIds(reporter, pin.id, bad.id)).toHaveLength(1);
    expect(await commentCountOf(t, pin.id)).toBe(3);

    const log = (await read<LogEntry[]>(ops, 'ModerationLogResource', { case_id: theCase.id })).data.map((e) => e.action);
    expect(log).toEqual(['restore', 'appeal', 'remove_comment']);
    const events = await t.deps.db.selectFrom('domain_events').select(['type', 'payload']).where('type', 'in', ['comment.hidden', 'comment.shown']).execute();
    expect(events.filter((e) => JSON.stringify(e.payload).includes(bad.id)).map((e) => e.type)).toEqual(['comment.hidden', 'comment.shown']);
  });

  it('flags weighing 3 hide a comment until reviewed and open its case; a dismissal shows it again', async () => {
    const { owner, pin } = await pinOf(t, 'wfowner');
    const author = await makeUser(t.deps, 'wfauthor');
    const comment = ok<Comment>(await writeComment(await signIn(t, author), { pin_id: pin.id, text: 'Borderline remark' }));
    ok<Comment>(await writeComment(await signIn(t, owner), { pin_id: pin.id, text: 'Nice' }));
    const flaggers: TestUser[] = [];
    for (let i = 0; i < 3; i += 1) flaggers.push(await makeUser(t.deps, 'wfflagger'));
    const clients = await Promise.all(flaggers.map((f) => signIn(t, f)));
    const reader = await visitorClient(t);

    expect((await flag(clients[0] as TestClient, comment.id)).statusCode).toBe(200);
    expect((await flag(clients[1] as TestClient, comment.id)).statusCode).toBe(200);
    expect(await shownIds(reader, pin.id)).toContain(comment.id);
    expect(await caseOf(comment.id)).toBeUndefined();

    expect((await flag(clients[2] as TestClient, comment.id)).statusCode).toBe(200);
    expect(await shownIds(reader, pin.id)).not.toContain(comment.id);
    expect(await commentCountOf(t, pin.id)).toBe(1);
    const theCase = (await caseOf(comment.id)) as Case;
    expect(theCase).toMatchObject({ status: 'open', subject: { id: author.id } });
    expect((await read<LogEntry[]>(ops, 'ModerationLogResource', { case_id: theCase.id })).data.map((e) => e.action)).toEqual(['flags_hid']);

    const dismissed = await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'dismiss', reason: 'Within the rules' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(await shownIds(reader, pin.id)).toContain(comment.id);
    expect(await commentCountOf(t, pin.id)).toBe(2);

    // Every one of them was dismissed: each flagger now weighs 0.5, and their earlier flags were weighed already.
    const again = ok<Comment>(await writeComment(await signIn(t, author), { pin_id: pin.id, text: 'Another remark' }));
    for (const client of clients) expect((await flag(client, again.id)).statusCode).toBe(200);
    expect(await shownIds(reader, pin.id)).toContain(again.id);
    expect(await caseOf(again.id)).toBeUndefined();
  });

  it('remove_comment keeps a comment hidden by flags hidden, and a refused appeal too', async () => {
    const { pin } = await pinOf(t, 'rkowner');
    const author = await makeUser(t.deps, 'rkauthor');
    const comment = ok<Comment>(await writeComment(await signIn(t, author), { pin_id: pin.id, text: 'Nasty' }));
    for (let i = 0; i < 3; i += 1) expect((await flag(await signIn(t, await makeUser(t.deps, 'rkflagger')), comment.id)).statusCode).toBe(200);
    const theCase = (await caseOf(comment.id)) as Case;
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'remove_comment', reason: 'Abuse' })).statusCode).toBe(200);
    expect(await shownIds(await visitorClient(t), pin.id)).not.toContain(comment.id);
    expect(await commentCountOf(t, pin.id)).toBe(0);
    // The author appeals; an operator dismissing the appeal keeps the comment removed.
    const appeal = await (await signIn(t, author)).resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'Please' });
    expect(appeal.statusCode, appeal.body).toBe(200);
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'dismiss', reason: 'Appeal refused' })).statusCode).toBe(
      200,
    );
    expect(await shownIds(await visitorClient(t), pin.id)).not.toContain(comment.id);
    expect(await commentCountOf(t, pin.id)).toBe(0);
  });

  it('refuses bad input for remove_comment with 400 and changes nothing', async () => {
    const { owner, pin } = await pinOf(t, 'bcowner');
    const ownerClient = await signIn(t, owner);
    const comment = ok<Comment>(await writeComment(await signIn(t, await makeUser(t.deps, 'bcauthor')), { pin_id: pin.id, text: 'Fine words' }));
    const pinCase = dataOf(await ownerClient.resource('ReportResource', 'create', { target: { type: 'member', id: comment.user.id }, reason: 'spam' })).case_id;
    const commentCase = dataOf(await ownerClient.resource('ReportResource', 'create', { target: { type: 'comment', id: comment.id }, reason: 'spam' })).case_id;
    const snapshot = () =>
      Promise.all([
        t.deps.db.selectFrom('comments').select(['id', 'hidden']).where('pin_id', '=', pin.id).execute(),
        t.deps.db.selectFrom('moderation_cases').select(['id', 'status']).orderBy('id').execute(),
        t.deps.db.selectFrom('moderation_actions').select('id').orderBy('id').execute(),
        t.deps.db.selectFrom('moderation_notices').select('id').orderBy('id').execute(),
        commentCountOf(t, pin.id),
      ]);
    const before = await snapshot();
    const bad: Record<string, unknown>[] = [
      { case_id: pinCase, action: 'remove_comment', reason: 'Not a comment case' },
      { case_id: commentCase, action: 'remove_comment', reason: '   ' },
      { case_id: commentCase, action: 'remove_comment', reason: 'x'.repeat(501) },
      { case_id: commentCase, action: 'remove_comments', reason: 'typo' },
      { case_id: commentCase, action: 'hide_pin', reason: 'Not a pin case' },
      { case_id: 'abc', action: 'remove_comment', reason: 'x' },
      { action: 'remove_comment', reason: 'x' },
    ];
    for (const options of bad) {
      const response = await ops.resource('ModerationActionResource', 'create', options);
      expect(response.statusCode, `${JSON.stringify(options).slice(0, 80)}: ${response.body.slice(0, 200)}`).toBe(400);
      expect(errorOf(response)).not.toBe('');
    }
    const notAnOperator = await ownerClient.resource('ModerationActionResource', 'create', { case_id: commentCase, action: 'remove_comment', reason: 'x' });
    expect(notAnOperator.statusCode).toBe(403);
    const missing = await (
      await signIn(t, await makeUser(t.deps, 'bcrep'))
    ).resource('ReportResource', 'create', { target: { type: 'comment', id: '987654321' }, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect(await shownIds(await visitorClient(t), pin.id)).toEqual([comment.id]);
  });
});
