import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { counterDrift, makeUser, signIn, visitorClient } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';
import { commentCountOf, feed, hide, pinOf, rest, writeComment, type Comment } from '../comments/helpers.ts';
import { read } from '../discovery/helpers.ts';

type Case = { id: string; target: { type: string; id: string } };

/*
 * The pin owner's hide and an operator's removal are two states (docs/decisions/0048): a restore
 * clears only the removal, so what the owner hid stays hidden; the owner can neither see nor undo
 * a removal; every combination keeps comment_count and reply counts equal to a recount, never below 0.
 */
describe.each(databaseKinds)('owner hide and operator removal on %s', (kind) => {
  let t: TestApp;
  let ops: TestClient;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { OPERATORS: 'cstkeeper' } });
    const operator = await makeUser(t.deps, 'cst');
    await t.deps.db.updateTable('users').set({ username: 'cstkeeper' }).where('id', '=', operator.id).execute();
    ops = await signIn(t, operator);
  });
  afterEach(async () => {
    expect(await counterDrift(t.deps)).toEqual([]);
  });
  afterAll(() => t.close());

  const shownIds = async (client: TestClient, pinId: string, parentId?: string) =>
    ok<Comment[]>(await feed(client, { pin_id: pinId, ...(parentId === undefined ? {} : { parent_id: parentId }) })).map((c) => c.id);
  const states = (id: string) => t.deps.db.selectFrom('comments').select(['hidden', 'owner_hidden', 'removed']).where('id', '=', id).executeTakeFirstOrThrow();
  const act = async (caseId: string, action: string) => {
    const response = await ops.resource('ModerationActionResource', 'create', { case_id: caseId, action, reason: `${action} it` });
    expect(response.statusCode, response.body).toBe(200);
  };

  /** A pin with a kept comment, a top comment by `author` with one reply, and a report on that comment. */
  async function scene(name: string) {
    const { owner, pin } = await pinOf(t, `${name}o`);
    const ownerClient = await signIn(t, owner);
    const author = await makeUser(t.deps, `${name}a`);
    const authorClient = await signIn(t, author);
    const reporter = await signIn(t, await makeUser(t.deps, `${name}r`));
    const kept = ok<Comment>(await writeComment(ownerClient, { pin_id: pin.id, text: 'Kept' }));
    const top = ok<Comment>(await writeComment(authorClient, { pin_id: pin.id, text: 'Rude words' }));
    ok<Comment>(await writeComment(reporter, { pin_id: pin.id, text: 'Hey', parent_id: top.id }));
    expect(
      (await reporter.resource('ReportResource', 'create', { target: { type: 'comment', id: top.id, parentId: pin.id }, reason: 'spam' })).statusCode,
    ).toBe(200);
    const cases = (await read<Case[]>(ops, 'ModerationQueueResource', { status: 'waiting' })).data;
    const theCase = cases.find((c) => c.target.id === top.id) as Case;
    expect(await commentCountOf(t, pin.id)).toBe(3);
    return { pin, ownerClient, authorClient, kept, top, caseId: theCase.id };
  }

  it('a restore after an appeal does not show a comment its pin owner hid', async () => {
    const s = await scene('csa');
    expect(ok<{ hidden: string[] }>(await hide(s.ownerClient, { pin_id: s.pin.id, comment_id: s.top.id })).hidden).toEqual([s.top.id]);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    await act(s.caseId, 'remove_comment');
    expect(await states(s.top.id)).toEqual({ hidden: 1, owner_hidden: 1, removed: 1 });
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    expect((await s.authorClient.resource('ModerationAppealResource', 'create', { case_id: s.caseId, text: 'Please' })).statusCode).toBe(200);
    await act(s.caseId, 'restore');
    expect(await states(s.top.id)).toEqual({ hidden: 1, owner_hidden: 1, removed: 0 });
    expect(await shownIds(await visitorClient(t), s.pin.id)).toEqual([s.kept.id]);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
  });

  it('the owner neither sees nor undoes a removal; hiding all of a member marks the removed one too, so a restore keeps it hidden', async () => {
    const s = await scene('csb');
    await act(s.caseId, 'remove_comment');
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    expect(await shownIds(s.ownerClient, s.pin.id)).toEqual([s.kept.id]);
    // A removed comment does not exist for the pin's owner: hiding it is 404 and changes nothing.
    const again = await hide(s.ownerClient, { pin_id: s.pin.id, comment_id: s.top.id });
    expect(again.statusCode).toBe(404);
    expect(await states(s.top.id)).toEqual({ hidden: 1, owner_hidden: 0, removed: 1 });
    const other = ok<Comment>(await writeComment(s.authorClient, { pin_id: s.pin.id, text: 'Second' }));
    expect(await commentCountOf(t, s.pin.id)).toBe(2);
    const all = ok<{ hidden: string[]; comment_count: number }>(await hide(s.ownerClient, { pin_id: s.pin.id, user_id: s.top.user.id }));
    expect(all).toEqual({ hidden: [other.id], comment_count: 1 });
    expect(await states(s.top.id)).toEqual({ hidden: 1, owner_hidden: 1, removed: 1 });
    expect((await s.authorClient.resource('ModerationAppealResource', 'create', { case_id: s.caseId, text: 'Please' })).statusCode).toBe(200);
    await act(s.caseId, 'restore');
    expect(await shownIds(await visitorClient(t), s.pin.id)).toEqual([s.kept.id]);
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
  });

  it('a restore with no owner hide shows the comment and its reply again with exact counts', async () => {
    const s = await scene('csc');
    await act(s.caseId, 'remove_comment');
    expect(await commentCountOf(t, s.pin.id)).toBe(1);
    expect((await s.authorClient.resource('ModerationAppealResource', 'create', { case_id: s.caseId, text: 'Please' })).statusCode).toBe(200);
    await act(s.caseId, 'restore');
    expect(await states(s.top.id)).toEqual({ hidden: 0, owner_hidden: 0, removed: 0 });
    expect((await shownIds(await visitorClient(t), s.pin.id)).sort()).toEqual([s.kept.id, s.top.id].sort());
    expect(await shownIds(await visitorClient(t), s.pin.id, s.top.id)).toHaveLength(1);
    expect(await commentCountOf(t, s.pin.id)).toBe(3);
  });

  it('flags hide a reply under a comment the owner then hides; the dismissal shows the reply without counting it', async () => {
    const { owner, pin } = await pinOf(t, 'csd');
    const ownerClient = await signIn(t, owner);
    const top = ok<Comment>(await writeComment(ownerClient, { pin_id: pin.id, text: 'Top' }));
    const author = await signIn(t, await makeUser(t.deps, 'csdauthor'));
    const reply = ok<Comment>(await writeComment(author, { pin_id: pin.id, text: 'Reply', parent_id: top.id }));
    for (let i = 0; i < 3; i += 1) {
      const flagger = await signIn(t, await makeUser(t.deps, 'csdflag'));
      expect((await rest(flagger, 'PUT', `/v3/aggregated_comments/${reply.id}/flag/`, { reason: 'spam' })).statusCode).toBe(200);
    }
    expect(await states(reply.id)).toEqual({ hidden: 1, owner_hidden: 0, removed: 1 });
    expect(await commentCountOf(t, pin.id)).toBe(1);
    ok(await hide(ownerClient, { pin_id: pin.id, comment_id: top.id }));
    expect(await commentCountOf(t, pin.id)).toBe(0);
    const cases = (await read<Case[]>(ops, 'ModerationQueueResource', { status: 'waiting' })).data;
    await act((cases.find((c) => c.target.id === reply.id) as Case).id, 'dismiss');
    expect(await states(reply.id)).toEqual({ hidden: 0, owner_hidden: 0, removed: 0 });
    expect(await commentCountOf(t, pin.id)).toBe(0);
    expect(await shownIds(await visitorClient(t), pin.id)).toEqual([]);
  });
});
