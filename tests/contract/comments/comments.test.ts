import { describe, expect, it } from 'vitest';
import { persistedQueryHashes } from '../../../src/server/graphql/persisted-queries.ts';
import { editPin } from '../../../src/server/pins/pins.service.ts';
import { blockUser } from '../../../src/server/social/blocks.service.ts';
import { purgeAccount } from '../../../src/server/users/account-deletion.job.ts';
import { insertDeletion } from '../../../src/server/users/account-deletion.repo.ts';
import type { TestApp } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeUser, signIn, visitorClient, withCountedTestApp } from '../../support/factories.ts';
import { failed, ok } from '../boards/helpers.ts';
import { loggedEvents } from '../search/event-world.ts';
import { allPages, commentCountOf, editComment, feed, hide, pinOf, removeComment, rest, restFailed, restOk, writeComment, type Comment } from './helpers.ts';

/** Comments under pins over HTTP: threads, paging, mentions, marks, moderation by the pin's owner, counts. */
describe.each(databaseKinds)('comments on %s', (kind) => {
  let t: TestApp;
  withCountedTestApp(kind, (app) => (t = app));

  it('a member comments with a mention and replies; the pin counts both; everyone reads them', async () => {
    const { owner, pin } = await pinOf(t, 'cmowner');
    const writer = await makeUser(t.deps, 'cmwriter');
    const friend = await makeUser(t.deps, 'cmfriend');
    const browser = await signIn(t, writer);
    const comment = ok<Comment>(await writeComment(browser, { pin_id: pin.id, text: `  Lovely, @${friend.username} look! @nobodyhere @${writer.username} ` }));
    expect(comment).toMatchObject({
      type: 'aggregatedcomment',
      pin_id: pin.id,
      parent_id: null,
      text: `Lovely, @${friend.username} look! @nobodyhere @${writer.username}`,
    });
    expect(comment.tagged_users.map((u) => u.id)).toEqual([friend.id]);
    expect(comment.tags).toEqual([{ tag_type: 'user', user_id: friend.id }]);
    expect(comment).toMatchObject({ can_edit: true, can_delete: true, can_moderate: false, comment_count: 0 });

    const ownerBrowser = await signIn(t, owner);
    const reply = ok<Comment>(await writeComment(ownerBrowser, { pin_id: pin.id, text: 'Thanks!', parent_id: comment.id }));
    expect(reply.parent_id).toBe(comment.id);
    // A reply to a reply goes under the same top comment.
    const nested = ok<Comment>(await writeComment(browser, { pin_id: pin.id, text: 'Welcome', parent_id: reply.id }));
    expect(nested.parent_id).toBe(comment.id);
    expect(await commentCountOf(t, pin.id)).toBe(3);

    const visitor = await visitorClient(t);
    const top = ok<Comment[]>(await feed(visitor, { pin_id: pin.id }));
    expect(top.map((c) => c.id)).toEqual([comment.id]);
    expect(top[0]).toMatchObject({ comment_count: 2, can_edit: false, can_delete: false, can_moderate: false, reaction_by_me: null });
    expect(ok<Comment[]>(await feed(visitor, { pin_id: pin.id, parent_id: comment.id })).map((c) => c.id)).toEqual([reply.id, nested.id]);
    expect(ok<Comment[]>(await feed(ownerBrowser, { pin_id: pin.id }))[0]).toMatchObject({ can_edit: false, can_delete: true, can_moderate: true });

    const events = (await loggedEvents(t.deps)).filter((e) => e.type === 'comment.created' && e.pinId === pin.id);
    expect(events).toHaveLength(3);
    expect(events[0]).toMatchObject({ actorId: writer.id, commentId: comment.id, parentId: null, mentionedUserIds: [friend.id] });
  });

  it('pages newest first, most helpful first and replies oldest first, with no repeats and no cap', async () => {
    const { pin } = await pinOf(t, 'pgowner');
    // Several writers: each may write 30 in ten minutes.
    const writers = await Promise.all([0, 1, 2].map((i) => makeUser(t.deps, `pgwriter${i}`).then((u) => signIn(t, u))));
    const writer = writers[0] ?? expect.unreachable();
    const ids: string[] = [];
    for (let i = 0; i < 45; i += 1) ids.push(ok<Comment>(await writeComment(writers[i % 3] ?? writer, { pin_id: pin.id, text: `comment ${i}` })).id);
    const newest = await allPages(writer, { pin_id: pin.id, page_size: 7 });
    expect(newest.map((c) => c.id)).toEqual([...ids].reverse());
    const fans = await Promise.all([0, 1, 2].map((i) => makeUser(t.deps, `pgfan${i}`).then((u) => signIn(t, u))));
    for (const [i, fan] of fans.entries()) for (const id of ids.slice(0, i + 1)) restOk(await rest(fan, 'POST', `/v3/helpful/1/${id}/`));
    const helpful = await allPages(writer, { pin_id: pin.id, sort: 'helpful', page_size: 4 });
    expect(helpful.slice(0, 3).map((c) => [c.id, c.helpful_count])).toEqual([
      [ids[0], 3],
      [ids[1], 2],
      [ids[2], 1],
    ]);
    expect(new Set(helpful.map((c) => c.id)).size).toBe(45);
    const replies: string[] = [];
    for (let i = 0; i < 12; i += 1) replies.push(ok<Comment>(await writeComment(writer, { pin_id: pin.id, text: `reply ${i}`, parent_id: ids[0] })).id);
    expect((await allPages(writer, { pin_id: pin.id, parent_id: ids[0], page_size: 5 })).map((c) => c.id)).toEqual(replies);
    expect(await commentCountOf(t, pin.id)).toBe(57);
  });

  it('likes and helpful marks count once each and go back; the reader sees their own marks', async () => {
    const { pin } = await pinOf(t, 'lkowner');
    const author = await signIn(t, await makeUser(t.deps, 'lkauthor'));
    const fan = await signIn(t, await makeUser(t.deps, 'lkfan'));
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: 'like me' }));
    const url = `/v3/aggregated_comments/${comment.id}/react/`;
    expect(restOk<Comment>(await rest(fan, 'POST', url, { reaction_type: 1 }))).toMatchObject({ reaction_counts: { '1': 1 }, reaction_by_me: 1 });
    expect(restOk<Comment>(await rest(fan, 'POST', url, { reaction_type: 1 })).reaction_counts).toEqual({ '1': 1 });
    expect(ok<Comment[]>(await feed(author, { pin_id: pin.id }))[0]).toMatchObject({ reaction_counts: { '1': 1 }, reaction_by_me: null });
    expect(restOk<Comment>(await rest(fan, 'DELETE', url))).toMatchObject({ reaction_counts: {}, reaction_by_me: null });
    expect(restOk<Comment>(await rest(fan, 'DELETE', url)).reaction_counts).toEqual({});
    const helpful = `/v3/helpful/1/${comment.id}/`;
    expect(restOk<Comment>(await rest(fan, 'POST', helpful))).toMatchObject({ helpful_count: 1, marked_helpful_by_me: true });
    expect(restOk<Comment>(await rest(fan, 'DELETE', helpful))).toMatchObject({ helpful_count: 0, marked_helpful_by_me: false });
    expect(restOk<Comment>(await rest(fan, 'DELETE', helpful)).helpful_count).toBe(0);
  });

  it('the author edits (force confirms dropping a mention) and deletes; counts follow and never go below 0', async () => {
    const { pin } = await pinOf(t, 'edowner');
    const authorUser = await makeUser(t.deps, 'edauthor');
    const tagged = await makeUser(t.deps, 'edtagged');
    const author = await signIn(t, authorUser);
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: `hi @${tagged.username}` }));
    const other = await signIn(t, await makeUser(t.deps, 'edother'));
    failed(await editComment(other, { commentId: comment.id, text: 'mine now' }), 403);
    failed(await editComment(author, { commentId: comment.id, text: 'no mention' }), 409);
    const edited = ok<Comment>(await editComment(author, { commentId: comment.id, text: 'no mention', tags: '[]', force: true }));
    expect(edited).toMatchObject({ text: 'no mention', tagged_users: [], tags: [] });
    const retagged = ok<Comment>(
      await editComment(author, { commentId: comment.id, text: 'tagged by id', tags: JSON.stringify([{ tag_type: 'user', user_id: tagged.id }]) }),
    );
    expect(retagged.tagged_users.map((u) => u.id)).toEqual([tagged.id]);

    const reply = ok<Comment>(await writeComment(other, { pin_id: pin.id, text: 'a reply', parent_id: comment.id }));
    expect(await commentCountOf(t, pin.id)).toBe(2);
    failed(await removeComment(other, comment.id), 403);
    expect(ok(await removeComment(other, reply.id))).toBeNull();
    expect(await commentCountOf(t, pin.id)).toBe(1);
    await writeComment(other, { pin_id: pin.id, text: 'another reply', parent_id: comment.id });
    expect(ok(await removeComment(author, comment.id))).toBeNull();
    expect(await commentCountOf(t, pin.id)).toBe(0);
    failed(await removeComment(author, comment.id), 404);
    expect(await commentCountOf(t, pin.id)).toBe(0);
  });

  it('the pin owner highlights, hides one comment, hides all of a person’s, and turns comments off', async () => {
    const { owner, pin } = await pinOf(t, 'mdowner');
    const ownerBrowser = await signIn(t, owner);
    const troll = await makeUser(t.deps, 'mdtroll');
    const trollBrowser = await signIn(t, troll);
    const nice = await signIn(t, await makeUser(t.deps, 'mdnice'));
    const good = ok<Comment>(await writeComment(nice, { pin_id: pin.id, text: 'good' }));
    const bad1 = ok<Comment>(await writeComment(trollBrowser, { pin_id: pin.id, text: 'bad one' }));
    await writeComment(trollBrowser, { pin_id: pin.id, text: 'bad reply', parent_id: good.id });
    await writeComment(nice, { pin_id: pin.id, text: 'reply to bad', parent_id: bad1.id });
    const bad2 = ok<Comment>(await writeComment(trollBrowser, { pin_id: pin.id, text: 'bad two' }));
    expect(await commentCountOf(t, pin.id)).toBe(5);

    const highlight = '/v3/aggregated_comments/pin/highlight/';
    restFailed(await rest(nice, 'PUT', highlight, { aggregated_comment: good.id, pin: pin.id }), 403);
    expect(
      restOk<Comment>(await rest(ownerBrowser, 'PUT', highlight, { aggregated_comment: good.id, pin: pin.id, highlight: true })).highlighted_by_pin_owner,
    ).toBe(true);
    expect(restOk<Comment>(await rest(ownerBrowser, 'PUT', highlight, { aggregated_comment: bad2.id, pin: pin.id })).highlighted_by_pin_owner).toBe(true);
    const shown = ok<Comment[]>(await feed(nice, { pin_id: pin.id }));
    expect(shown.filter((c) => c.highlighted_by_pin_owner).map((c) => c.id)).toEqual([bad2.id]);

    failed(await hide(nice, { pin_id: pin.id, comment_id: bad2.id }), 403);
    expect(ok(await hide(ownerBrowser, { pin_id: pin.id, comment_id: bad2.id }))).toEqual({ hidden: [bad2.id], comment_count: 4 });
    restFailed(await rest(nice, 'POST', `/v3/helpful/1/${bad2.id}/`), 404);
    expect(ok<{ hidden: string[]; comment_count: number }>(await hide(ownerBrowser, { pin_id: pin.id, user_id: troll.id })).comment_count).toBe(1);
    expect((await allPages(nice, { pin_id: pin.id })).map((c) => c.id)).toEqual([good.id]);
    expect(await allPages(nice, { pin_id: pin.id, parent_id: good.id })).toEqual([]);

    await editPin(t.deps, owner.actor, pin.id, { comments_disabled: true });
    failed(await writeComment(nice, { pin_id: pin.id, text: 'still here?' }), 403);
    expect(await commentCountOf(t, pin.id)).toBe(1);
    await editPin(t.deps, owner.actor, pin.id, { comments_disabled: false });
    ok(await writeComment(nice, { pin_id: pin.id, text: 'back on' }));
    const kinds = (await loggedEvents(t.deps)).filter((e) => 'pinId' in e && e.pinId === pin.id).map((e) => e.type);
    expect(kinds).toEqual(expect.arrayContaining(['comment.highlighted', 'comment.hidden', 'comment.created']));
  });

  it('blocked members see nothing of each other’s comments and cannot mention each other', async () => {
    const { pin } = await pinOf(t, 'bkowner');
    const alice = await makeUser(t.deps, 'bkalice');
    const bob = await makeUser(t.deps, 'bkbob');
    const aliceBrowser = await signIn(t, alice);
    const bobBrowser = await signIn(t, bob);
    const fromAlice = ok<Comment>(await writeComment(aliceBrowser, { pin_id: pin.id, text: 'hello' }));
    await blockUser(t.deps, bob.actor, alice.id);
    expect(await allPages(bobBrowser, { pin_id: pin.id })).toEqual([]);
    restFailed(await rest(bobBrowser, 'POST', `/v3/aggregated_comments/${fromAlice.id}/react/`, { reaction_type: 1 }), 404);
    failed(await writeComment(bobBrowser, { pin_id: pin.id, text: 'reply', parent_id: fromAlice.id }), 404);
    const fromBob = ok<Comment>(await writeComment(bobBrowser, { pin_id: pin.id, text: `hey @${alice.username}` }));
    expect(fromBob.tagged_users).toEqual([]);
    expect((await allPages(aliceBrowser, { pin_id: pin.id })).map((c) => c.id)).toEqual([fromAlice.id]);
    expect((await allPages(await visitorClient(t), { pin_id: pin.id })).map((c) => c.id)).toEqual([fromBob.id, fromAlice.id]);
  });

  it('flags are stored, a mention is removed by the one mentioned, and writing too fast is 429', async () => {
    const { pin } = await pinOf(t, 'flowner');
    const author = await signIn(t, await makeUser(t.deps, 'flauthor'));
    const named = await makeUser(t.deps, 'flnamed');
    const namedBrowser = await signIn(t, named);
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: `@${named.username} spam` }));
    expect(restOk(await rest(namedBrowser, 'PUT', `/v3/aggregated_comments/${comment.id}/flag/`, { reason: 'spam', detailedReasons: ['ads'] }))).toEqual({
      id: comment.id,
      flagged: true,
    });
    const flags = await t.deps.db.selectFrom('comment_flags').selectAll().where('comment_id', '=', comment.id).execute();
    expect(flags).toMatchObject([{ user_id: named.id, reason: 'spam', detailed_reasons: '["ads"]' }]);
    expect(restOk(await rest(namedBrowser, 'DELETE', `/v3/aggregated_comments/${comment.id}/mentions/`))).toEqual({ id: comment.id, tagged_users: [] });
    expect(ok<Comment[]>(await feed(author, { pin_id: pin.id }))[0]?.tags).toEqual([]);

    const fast = await signIn(t, await makeUser(t.deps, 'flfast'));
    const answers = [];
    for (let i = 0; i < 31; i += 1) answers.push((await writeComment(fast, { pin_id: pin.id, text: `quick ${i}` })).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(answers[30]).toBe(429);
    expect(await commentCountOf(t, pin.id)).toBe(31);
  });

  it('the closeup query answers the true comment count and whether the pin takes comments', async () => {
    const { owner, pin } = await pinOf(t, 'gqowner');
    const writer = await signIn(t, await makeUser(t.deps, 'gqwriter'));
    const top = ok<Comment>(await writeComment(writer, { pin_id: pin.id, text: 'one' }));
    await writeComment(writer, { pin_id: pin.id, text: 'two', parent_id: top.id });
    const closeup = async () => {
      const response = await writer.request({
        method: 'POST',
        url: '/_/graphql/',
        payload: { queryHash: persistedQueryHashes()['CloseupDetailQuery'], variables: { pinId: pin.id, isAuth: true, isDesktop: true } },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: { closeupDetail: { aggregatedPinData: { commentCount: number }; isEligibleForAggregatedComments: boolean } } }>().data
        .closeupDetail;
    };
    expect(await closeup()).toMatchObject({ aggregatedPinData: { commentCount: 2 }, isEligibleForAggregatedComments: true });
    await editPin(t.deps, owner.actor, pin.id, { comments_disabled: true });
    ok(await removeComment(writer, top.id));
    expect(await closeup()).toMatchObject({ aggregatedPinData: { commentCount: 0 }, isEligibleForAggregatedComments: false });
  });

  it('without a translator the translate call answers empty text and the bootstrap hides the button', async () => {
    const { pin } = await pinOf(t, 'ntowner');
    const author = await signIn(t, await makeUser(t.deps, 'ntauthor'));
    const comment = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: 'Bonjour' }));
    expect(restOk(await rest(author, 'GET', `/v3/aggregated_comments/${comment.id}/translate/?language=en`))).toEqual({
      id: comment.id,
      language: 'en',
      text: '',
    });
    expect(t.deps.ports.translator.available).toBe(false);
  });

  it('a purged account takes its comments, replies under them, likes and helpful marks out of every count', async () => {
    const { pin } = await pinOf(t, 'pgone');
    const leaving = await makeUser(t.deps, 'leaving');
    const leavingBrowser = await signIn(t, leaving);
    const staying = await signIn(t, await makeUser(t.deps, 'staying'));
    const kept = ok<Comment>(await writeComment(staying, { pin_id: pin.id, text: 'I stay' }));
    const gone = ok<Comment>(await writeComment(leavingBrowser, { pin_id: pin.id, text: 'I go' }));
    await writeComment(staying, { pin_id: pin.id, text: 'reply under the one that goes', parent_id: gone.id });
    await writeComment(leavingBrowser, { pin_id: pin.id, text: 'reply that goes', parent_id: kept.id });
    restOk(await rest(leavingBrowser, 'POST', `/v3/aggregated_comments/${kept.id}/react/`, { reaction_type: 1 }));
    restOk(await rest(leavingBrowser, 'POST', `/v3/helpful/1/${kept.id}/`));
    expect(await commentCountOf(t, pin.id)).toBe(4);
    await insertDeletion(t.deps.db, leaving.id, 0, 0);
    expect(await purgeAccount(t.deps, leaving.id, 1)).toBe(true);
    expect(await commentCountOf(t, pin.id)).toBe(1);
    expect(ok<Comment[]>(await feed(staying, { pin_id: pin.id }))).toMatchObject([{ id: kept.id, reaction_counts: {}, helpful_count: 0, comment_count: 0 }]);
  });
});
