import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TestApp, TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, withCountedTestApp } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { COMMENT_MAX_LENGTH } from '../../../src/shared/comments.ts';
import { feed, hide, pinOf, rest, writeComment, type Comment } from './helpers.ts';

/** Every comment call with bad input: a clear 400, never a 5xx, and nothing changed. */
describe.each(databaseKinds)('comment calls with bad input on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app), 'at the end');

  const snapshot = async () =>
    JSON.stringify(
      await Promise.all([
        t.deps.db.selectFrom('comments').selectAll().orderBy('id').execute(),
        t.deps.db.selectFrom('comment_reactions').selectAll().orderBy('comment_id').execute(),
        t.deps.db.selectFrom('comment_helpful').selectAll().orderBy('comment_id').execute(),
        t.deps.db.selectFrom('comment_mentions').selectAll().orderBy('comment_id').execute(),
        t.deps.db.selectFrom('comment_flags').selectAll().orderBy('comment_id').execute(),
        t.deps.db.selectFrom('comment_translations').selectAll().orderBy('comment_id').execute(),
        t.deps.db.selectFrom('pins').select(['id', 'comment_count']).orderBy('id').execute(),
      ]),
    );

  const expect400 = (response: LightMyRequestResponse, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
    const body = response.json<{ message?: string; resource_response?: { message: string } }>();
    expect((body.resource_response?.message ?? body.message ?? '').length, what).toBeGreaterThan(0);
  };

  it('answers 400 and changes nothing', async () => {
    const { owner, pin } = await pinOf(t, 'bdowner');
    const ownerBrowser = await signIn(t, owner);
    const member: TestClient = await signIn(t, await makeUser(t.deps, 'bdmember'));
    const comment = ok<Comment>(await writeComment(member, { pin_id: pin.id, text: 'a comment' }));
    const before = await snapshot();
    const c = comment.id;

    const resourceCases: [string, () => Promise<LightMyRequestResponse>][] = [
      ['feed: pin id not a number', () => feed(member, { pin_id: 'abc' })],
      ['feed: unknown sort', () => feed(member, { pin_id: pin.id, sort: 'best' })],
      ['feed: page size 0', () => feed(member, { pin_id: pin.id, page_size: 0 })],
      ['feed: page size 1000', () => feed(member, { pin_id: pin.id, page_size: 1000 })],
      ['feed: forged bookmark', () => feed(member, { pin_id: pin.id, bookmark: 'not-ours' })],
      ['create: no text', () => writeComment(member, { pin_id: pin.id })],
      ['create: blank text', () => writeComment(member, { pin_id: pin.id, text: ' \n ' })],
      ['create: text too long', () => writeComment(member, { pin_id: pin.id, text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) })],
      ['create: control characters', () => writeComment(member, { pin_id: pin.id, text: 'a\u0001b' })],
      ['create: text not a string', () => writeComment(member, { pin_id: pin.id, text: 12 })],
      ['create: tags not JSON', () => writeComment(member, { pin_id: pin.id, text: 'ok', tags: '{nope' })],
      ['create: tags of another kind', () => writeComment(member, { pin_id: pin.id, text: 'ok', tags: '[{"tag_type":"board","user_id":"1"}]' })],
      ['create: no pin', () => writeComment(member, { text: 'ok' })],
      ['create: parent id not a number', () => writeComment(member, { pin_id: pin.id, text: 'ok', parent_id: 'x' })],
      ['update: no comment id', () => member.resource('AggregatedCommentResource', 'update', { text: 'ok' })],
      ['update: blank text', () => member.resource('AggregatedCommentResource', 'update', { commentId: c, text: '   ' })],
      ['update: tags not a list', () => member.resource('AggregatedCommentResource', 'update', { commentId: c, text: 'ok', tags: '{}' })],
      ['update: force not a boolean', () => member.resource('AggregatedCommentResource', 'update', { commentId: c, text: 'ok', force: 'yes' })],
      ['delete: comment id not a number', () => member.resource('AggregatedCommentResource', 'delete', { commentId: 'abc' })],
      ['hide: both a comment and a person', () => hide(ownerBrowser, { pin_id: pin.id, comment_id: c, user_id: owner.id })],
      ['hide: neither', () => hide(ownerBrowser, { pin_id: pin.id })],
    ];
    const restCases: [string, () => Promise<LightMyRequestResponse>][] = [
      ['flag: no reason', () => rest(member, 'PUT', `/v3/aggregated_comments/${c}/flag/`, { detailedReasons: ['x'] })],
      ['flag: blank reason', () => rest(member, 'PUT', `/v3/aggregated_comments/${c}/flag/`, { reason: '  ' })],
      ['flag: reasons of the wrong type', () => rest(member, 'PUT', `/v3/aggregated_comments/${c}/flag/`, { reason: 'spam', detailedReasons: 5 })],
      ['flag: body names another comment', () => rest(member, 'PUT', `/v3/aggregated_comments/${c}/flag/`, { reason: 'spam', commentId: '999' })],
      ['flag: id not a number', () => rest(member, 'PUT', '/v3/aggregated_comments/abc/flag/', { reason: 'spam' })],
      ['mentions: id not a number', () => rest(member, 'DELETE', '/v3/aggregated_comments/abc/mentions/')],
      ['translate: not a language', () => rest(member, 'GET', `/v3/aggregated_comments/${c}/translate/?language=%3Cscript%3E`)],
      ['helpful: id not a number', () => rest(member, 'POST', '/v3/helpful/1/abc/')],
      ['unhelpful: id not a number', () => rest(member, 'DELETE', '/v3/helpful/1/abc/')],
      ['react: reaction type 2', () => rest(member, 'POST', `/v3/aggregated_comments/${c}/react/`, { reaction_type: 2 })],
      ['unreact: reaction type 7', () => rest(member, 'DELETE', `/v3/aggregated_comments/${c}/react/?reaction_type=7`)],
      ['highlight: no comment', () => rest(ownerBrowser, 'PUT', '/v3/aggregated_comments/pin/highlight/', { pin: pin.id })],
      ['highlight: no pin', () => rest(ownerBrowser, 'PUT', '/v3/aggregated_comments/pin/highlight/', { aggregated_comment: c })],
      [
        'highlight: highlight not a boolean',
        () => rest(ownerBrowser, 'PUT', '/v3/aggregated_comments/pin/highlight/', { aggregated_comment: c, pin: pin.id, highlight: 'maybe' }),
      ],
    ];
    for (const [what, call] of [...resourceCases, ...restCases]) expect400(await call(), what);
    expect(await snapshot()).toBe(before);
  });
});
