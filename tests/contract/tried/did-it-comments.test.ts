import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { allPages, commentCountOf, editComment, feed, hide, removeComment, rest, writeComment, type Comment } from '../comments/helpers.ts';
import { errorOf, read } from '../discovery/helpers.ts';
import { didIt, didItRows, somePin, type DidIt, type PinDidIts } from './helpers.ts';

type Case = {
  id: string;
  actions: string[];
  target: { type: string; id: string; parent_id: string | null; title: string | null };
  subject: { id: string } | null;
};
type TriedComment = Comment & { did_it_id: string | null };
const caseIdOf = (response: LightMyRequestResponse) => response.json<{ resource_response: { data: { case_id: string } } }>().resource_response.data.case_id;

/*
 * Comments on tried-its and reporting them (docs/decisions/0048): a tried-it's thread is a comment
 * thread with a tried-it target, counted on the tried-it and not on its pin, under every rule of pin
 * comments; a reported tried-it is removed by an operator for all but its author and restored on appeal.
 */
describe.each(databaseKinds)('comments on tried-its and their reports on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { OPERATORS: 'dckeeper' } });
    const operator = await makeUser(t.deps, 'dck');
    await t.deps.db.updateTable('users').set({ username: 'dckeeper' }).where('id', '=', operator.id).execute();
    ops = await signIn(t, operator);
  });
  afterEach(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
  });
  afterAll(() => t.close());

  async function scene(name: string) {
    const { creator, pin } = await somePin(t, `${name}c`);
    const cook = await makeUser(t.deps, `${name}k`);
    const cookClient = await signIn(t, cook);
    const made = ok<DidIt>(await didIt.create(cookClient, { pin_id: pin.id, details: 'Made it twice' }));
    const reader = await signIn(t, await makeUser(t.deps, `${name}r`));
    return { creator, creatorClient: await signIn(t, creator), pin, cook, cookClient, made, reader };
  }
  const didItCount = async (client: TestClient, id: string) => ok<DidIt & { comment_count: number }>(await didIt.get(client, { id })).comment_count;

  it('members comment on a tried-it and reply; the tried-it counts them, its pin does not, and each thread lists only its own', async () => {
    const s = await scene('dca');
    const onPin = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, text: 'Love this pin' }));
    const top = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, did_it_id: s.made.id, text: `Looks great @${s.cook.username}` }));
    expect(top).toMatchObject({ did_it_id: s.made.id, pin_id: s.pin.id, parent_id: null, tagged_users: [{ id: s.cook.id }] });
    const reply = ok<TriedComment>(await writeComment(s.cookClient, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'Thanks!', parent_id: top.id }));
    expect(reply.parent_id).toBe(top.id);
    expect(await didItCount(await visitorClient(t), s.made.id)).toBe(2);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    const visitor = await visitorClient(t);
    expect((await allPages(visitor, { pin_id: s.pin.id })).map((c) => c.id)).toEqual([onPin.id]);
    expect((await allPages(visitor, { pin_id: s.pin.id, did_it_id: s.made.id })).map((c) => c.id)).toEqual([top.id]);
    expect((await allPages(visitor, { pin_id: s.pin.id, did_it_id: s.made.id, parent_id: top.id })).map((c) => c.id)).toEqual([reply.id]);
    // A reply names a comment on the same target: the pin's comment is not found under the tried-it, nor the other way.
    expect((await writeComment(s.reader, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'x', parent_id: onPin.id })).statusCode).toBe(404);
    expect((await writeComment(s.reader, { pin_id: s.pin.id, text: 'x', parent_id: top.id })).statusCode).toBe(404);
    expect((await feed(visitor, { pin_id: s.pin.id, parent_id: top.id })).statusCode).toBe(404);
    // Likes, helpful marks, edit and delete work as on a pin's comments.
    expect((await rest(s.cookClient, 'POST', `/v3/aggregated_comments/${top.id}/react/`, { reaction_type: 1 })).statusCode).toBe(200);
    expect((await rest(s.cookClient, 'POST', `/v3/helpful/1/${top.id}/`)).statusCode).toBe(200);
    expect(ok<TriedComment>(await editComment(s.reader, { commentId: top.id, text: 'Looks great', force: true })).text).toBe('Looks great');
    ok(await removeComment(s.cookClient, reply.id));
    expect(await didItCount(s.reader, s.made.id)).toBe(1);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
  });

  it('the pin owner hides a tried-it comment and highlights one per tried-it; deleting the tried-it takes its thread', async () => {
    const s = await scene('dcb');
    const a = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'First' }));
    ok(await writeComment(s.cookClient, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'Reply', parent_id: a.id }));
    const b = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'Second' }));
    const onPin = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, text: 'On the pin' }));
    const highlight = (id: string) =>
      rest(s.creatorClient, 'PUT', '/v3/aggregated_comments/pin/highlight/', { aggregated_comment: id, pin: s.pin.id, highlight: true });
    expect((await highlight(onPin.id)).statusCode).toBe(200);
    expect((await highlight(b.id)).statusCode).toBe(200);
    const highlighted = await t.deps.db.selectFrom('comments').select('id').where('highlighted', '=', 1).where('pin_id', '=', s.pin.id).orderBy('id').execute();
    expect(highlighted.map((r) => r.id).sort()).toEqual([onPin.id, b.id].sort());
    // Only the pin's owner moderates: the tried-it's author may not hide others' comments.
    expect((await hide(s.cookClient, { pin_id: s.pin.id, comment_id: a.id })).statusCode).toBe(403);
    expect(ok<{ hidden: string[] }>(await hide(s.creatorClient, { pin_id: s.pin.id, comment_id: a.id })).hidden).toEqual([a.id]);
    expect(await didItCount(s.reader, s.made.id)).toBe(1);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    ok(await didIt.remove(s.cookClient, { id: s.made.id }));
    expect(await t.deps.db.selectFrom('comments').select('id').where('did_it_id', '=', s.made.id).execute()).toEqual([]);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
  });

  it('a reported tried-it removed by an operator is gone for all but its author, with its thread; a restore brings both back', async () => {
    const s = await scene('dcc');
    const comment = ok<TriedComment>(await writeComment(s.reader, { pin_id: s.pin.id, did_it_id: s.made.id, text: 'Nice' }));
    const own = await s.cookClient.resource('ReportResource', 'create', { target: { type: 'tried_it', id: s.made.id }, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own)).toContain('own tried-it');
    const filed = await s.reader.resource('ReportResource', 'create', { target: { type: 'tried_it', id: s.made.id, parentId: s.pin.id }, reason: 'spam' });
    expect(filed.statusCode, filed.body).toBe(200);
    const theCase = (await read<Case[]>(ops, 'ModerationQueueResource', { status: 'waiting' })).data.find((c) => c.id === caseIdOf(filed)) as Case;
    expect(theCase).toMatchObject({ target: { type: 'tried_it', id: s.made.id, parent_id: s.pin.id, title: 'Made it twice' }, subject: { id: s.cook.id } });
    expect(theCase.actions).toEqual(expect.arrayContaining(['dismiss', 'remove_tried_it', 'restore']));
    expect(theCase.actions).not.toContain('remove_comment');

    const acted = await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'remove_tried_it', reason: 'Spam' });
    expect(acted.statusCode, acted.body).toBe(200);
    const visitor = await visitorClient(t);
    for (const client of [visitor, s.reader, s.creatorClient]) {
      expect((await didIt.get(client, { id: s.made.id })).statusCode).toBe(404);
      expect(ok<DidIt[]>(await didIt.ofPin(client, { pin_id: s.pin.id }))).toEqual([]);
      expect((await feed(client, { pin_id: s.pin.id, did_it_id: s.made.id })).statusCode).toBe(404);
      expect((await rest(client, 'GET', `/v3/aggregated_comments/${comment.id}/translate/`)).statusCode).toBe(404);
    }
    expect(ok<DidIt>(await didIt.get(s.cookClient, { id: s.made.id })).id).toBe(s.made.id);
    expect(ok<PinDidIts>(await visitor.getResource('PinResource', { id: s.pin.id })).aggregated_pin_data.did_it_data.user_count).toBe(0);

    expect((await s.cookClient.resource('ModerationAppealResource', 'create', { case_id: theCase.id, text: 'It is mine' })).statusCode).toBe(200);
    expect((await ops.resource('ModerationActionResource', 'create', { case_id: theCase.id, action: 'restore', reason: 'Fine' })).statusCode).toBe(200);
    expect(ok<DidIt>(await didIt.get(visitor, { id: s.made.id })).id).toBe(s.made.id);
    expect((await allPages(visitor, { pin_id: s.pin.id, did_it_id: s.made.id })).map((c) => c.id)).toEqual([comment.id]);
    expect(ok<PinDidIts>(await visitor.getResource('PinResource', { id: s.pin.id })).aggregated_pin_data.did_it_data.user_count).toBe(1);
  });

  it('refuses bad tried-it targets with a clear error and changes nothing', async () => {
    const s = await scene('dcd');
    const other = await somePin(t, 'dcdother');
    const snapshot = async () =>
      JSON.stringify([await didItRows(t.deps), await t.deps.db.selectFrom('comments').selectAll().orderBy('id').execute(), await commentCountOf(t, s.pin.id)]);
    const before = await snapshot();
    const bad: [Record<string, unknown>, number][] = [
      [{ pin_id: s.pin.id, did_it_id: 'abc', text: 'x' }, 400],
      [{ pin_id: s.pin.id, did_it_id: '', text: 'x' }, 400],
      [{ pin_id: s.pin.id, did_it_id: ['1'], text: 'x' }, 400],
      [{ pin_id: s.pin.id, did_it_id: s.made.id, text: '   ' }, 400],
      [{ pin_id: s.pin.id, did_it_id: '987654321', text: 'x' }, 404],
      [{ pin_id: other.pin.id, did_it_id: s.made.id, text: 'x' }, 404],
    ];
    for (const [options, status] of bad) {
      const response = await writeComment(s.reader, options);
      expect(response.statusCode, `${JSON.stringify(options)}: ${response.body.slice(0, 200)}`).toBe(status);
      expect(errorOf(response)).not.toBe('');
    }
    expect((await feed(s.reader, { pin_id: s.pin.id, did_it_id: 'abc' })).statusCode).toBe(400);
    expect((await feed(s.reader, { pin_id: other.pin.id, did_it_id: s.made.id })).statusCode).toBe(404);
    const missing = await s.reader.resource('ReportResource', 'create', { target: { type: 'tried_it', id: '987654321' }, reason: 'spam' });
    expect(missing.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
