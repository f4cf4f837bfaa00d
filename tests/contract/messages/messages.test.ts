import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationJson, MessageJson } from '../../../src/shared/contracts/messages.ts';
import type { UserCard } from '../../../src/shared/contracts/user-cards.ts';
import { startTestApp, type TestApp } from '../../support/app.ts';
import { settle } from '../../support/settle.ts';
import { databaseKinds } from '../../support/databases.ts';
import { makeBoard, makePin } from '../../support/factories.ts';
import { openLiveStream } from '../../support/live-stream.ts';
import { failed, ok } from '../boards/helpers.ts';
import { clientId, follow, friends, listening, messagesIn, person, send, start } from './helpers.ts';

/*
 * Messages (docs/decisions/0049-member-log-and-messages.md): conversations, idempotent sends,
 * contact requests, settings, share suggestions and live delivery, on both databases.
 */
describe.each(databaseKinds)('messages on %s', (kind) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    base = await listening(t);
    return () => t.close();
  });

  const logLength = async (memberId: string) => (await t.deps.db.selectFrom('member_log').select('seq').where('member_id', '=', memberId).execute()).length;

  it('a message to a friend arrives live on their open stream, with their unseen count, and reading it clears the badge', async () => {
    const [ana, ben] = await friends(t, 'ana', 'ben');
    await settle(t.deps);
    const stream = await openLiveStream(base, ben.browser.jar);
    expect(stream.status).toBe(200);
    const [snapshot] = await stream.waitFor((e) => e.length >= 1);
    expect(snapshot?.event).toBe('snapshot');
    // Ben's log already holds the news hub's badge of Ana's follow: the snapshot is as of it.
    const { position } = JSON.parse(snapshot?.data ?? '') as { position: number };
    expect(JSON.parse(snapshot?.data ?? '')).toEqual({ position: await logLength(ben.user.id), conversations_unseen_count: 0 });

    const board = await makeBoard(t.deps, ana.user);
    const { pin } = await makePin(t.deps, ana.user, board);
    const conversation = await start(ana, [ben], 'look at this', { pin: pin.id });
    expect(conversation).toMatchObject({ is_group: false, status: 'accepted', unread: 0, users: [{ id: ben.user.id }] });
    expect(conversation.last_message).toMatchObject({ text: 'look at this', pin: { id: pin.id }, sender: { id: ana.user.id } });

    const events = await stream.waitFor((e) => e.some((x) => x.event === 'message.created'));
    const live = events.find((x) => x.event === 'message.created');
    expect(live?.id).toBe(String(position + 1));
    const data = JSON.parse(live?.data ?? '') as { message: MessageJson; conversations_unseen_count: number };
    expect(data.conversations_unseen_count).toBe(1);
    expect(data.message).toEqual(conversation.last_message);

    const [listed] = ok<ConversationJson[]>(await ben.browser.getResource('ConversationsResource', {}));
    expect(listed).toMatchObject({ id: conversation.id, unread: 1, status: 'accepted' });
    expect(ok(await ben.browser.resource('ConversationReadResource', 'update', { conversation_id: conversation.id }))).toEqual({
      conversations_unseen_count: 0,
    });
    const read = await stream.waitFor((e) => e.some((x) => x.event === 'conversation.read'));
    expect(JSON.parse(read.at(-1)?.data ?? '')).toEqual({ conversation_id: conversation.id, status: 'accepted', conversations_unseen_count: 0 });
    stream.close();

    const reply = await send(ben, conversation.id, 'lovely');
    expect(reply.seq).toBe(2);
    expect((await messagesIn(ana, conversation.id)).map((m) => m.text)).toEqual(['lovely', 'look at this']);
    // Writing to the same friend again keeps to their one direct conversation.
    expect((await start(ana, [ben], 'again')).id).toBe(conversation.id);
  });

  it('a stream resumed from an old position sends exactly what came after it, once, in order (after= and Last-Event-ID)', async () => {
    const [ana, ben] = await friends(t, 'cara', 'dan');
    await settle(t.deps);
    const conversation = await start(ana, [ben], 'm0');
    const first = await openLiveStream(base, ben.browser.jar, { after: 0 });
    // The log also holds the news hub's badge of the follow, before the first message.
    const opening = await first.waitFor((e) => e.some((x) => x.event === 'message.created'));
    const position = Number(opening.find((x) => x.event === 'message.created')?.id);
    first.close();
    for (let i = 1; i <= 12; i += 1) await send(ana, conversation.id, `m${i}`);

    for (const resumed of [
      await openLiveStream(base, ben.browser.jar, { after: position }),
      await openLiveStream(base, ben.browser.jar, { lastEventId: String(position) }),
    ]) {
      const more = [send(ana, conversation.id, 'during')];
      const events = await resumed.waitFor((e) => e.some((x) => x.data.includes('"during"')) && e.length >= 13);
      await Promise.all(more);
      const texts = events.map((e) => (JSON.parse(e.data) as { message: MessageJson }).message.text);
      expect(texts.slice(0, 12)).toEqual(Array.from({ length: 12 }, (_, i) => `m${i + 1}`));
      expect(events.map((e) => Number(e.id))).toEqual(events.map((_, i) => position + 1 + i));
      expect(new Set(texts).size).toBe(texts.length);
      resumed.close();
    }
  });

  it('a retried send with the same client id answers the first message and writes no second', async () => {
    const [ana, ben] = await friends(t, 'eve', 'fay');
    const conversation = await start(ana, [ben], 'first');
    const id = clientId();
    const sent = await Promise.all([send(ana, conversation.id, 'once', id), send(ana, conversation.id, 'once', id), send(ana, conversation.id, 'once', id)]);
    expect(new Set(sent.map((m) => m.id)).size).toBe(1);
    expect((await messagesIn(ben, conversation.id)).filter((m) => m.text === 'once')).toHaveLength(1);
    // The same id in another conversation is refused, not taken for the first.
    const other = await person(t, 'gus');
    await follow(other, ana);
    const elsewhere = await start(ana, [other], 'hi');
    failed(await ana.browser.resource('ConversationMessagesResource', 'create', { conversation_id: elsewhere.id, text: 'x', client_id: id }), 400);
  });

  it('someone who does not follow the sender gets a contact request: a preview they can accept, decline or block', async () => {
    const sender = await person(t, 'sid');
    const [accepter, decliner, blocker] = [await person(t, 'acc'), await person(t, 'dec'), await person(t, 'blo')];
    const toAccept = await start(sender, [accepter], 'may I?');
    const toDecline = await start(sender, [decliner], 'may I?');
    const toBlock = await start(sender, [blocker], 'may I?');

    expect(ok<ConversationJson[]>(await accepter.browser.getResource('ConversationsResource', {}))).toEqual([]);
    const [request] = ok<ConversationJson[]>(await accepter.browser.getResource('ConversationsResource', { requests: true }));
    expect(request).toMatchObject({ id: toAccept.id, status: 'request', unread: 1 });
    expect((await messagesIn(accepter, toAccept.id)).map((m) => m.text)).toEqual(['may I?']);
    // A request is read, not answered by a reply.
    failed(await accepter.browser.resource('ConversationMessagesResource', 'create', { conversation_id: toAccept.id, text: 'hi', client_id: clientId() }), 403);

    expect(ok(await accepter.browser.resource('ContactRequestResource', 'update', { conversation_id: toAccept.id, answer: 'accept' }))).toEqual({
      id: toAccept.id,
      status: 'accepted',
    });
    await send(accepter, toAccept.id, 'sure');
    failed(await accepter.browser.resource('ContactRequestResource', 'update', { conversation_id: toAccept.id, answer: 'accept' }), 400);

    ok(await decliner.browser.resource('ContactRequestResource', 'update', { conversation_id: toDecline.id, answer: 'decline' }));
    failed(await decliner.browser.getResource('ConversationResource', { conversation_id: toDecline.id }), 404);
    await send(sender, toDecline.id, 'still there?');
    expect(ok<ConversationJson[]>(await decliner.browser.getResource('ConversationsResource', { requests: true }))).toEqual([]);

    ok(await blocker.browser.resource('ContactRequestResource', 'update', { conversation_id: toBlock.id, answer: 'block' }));
    failed(await sender.browser.resource('ConversationMessagesResource', 'create', { conversation_id: toBlock.id, text: 'hey', client_id: clientId() }), 404);
    failed(await sender.browser.resource('ConversationsResource', 'create', { user_ids: [blocker.user.id], text: 'hey', client_id: clientId() }), 404);
  });

  it('/settings/messages decides who may write: following only, or nobody', async () => {
    const [ana, ben] = await friends(t, 'hal', 'ida');
    const stranger = await person(t, 'jon');
    expect(ok(await ben.browser.getResource('MessageSettingsResource', {}))).toEqual({ allow_from: 'everyone' });
    ok(await ben.browser.resource('MessageSettingsResource', 'update', { allow_from: 'following' }));
    failed(await stranger.browser.resource('ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'hi', client_id: clientId() }), 403);
    await start(ana, [ben], 'friends still can');
    ok(await ben.browser.resource('MessageSettingsResource', 'update', { allow_from: 'nobody' }));
    const refused = await ana.browser.resource('ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'hi', client_id: clientId() });
    failed(refused, 403);
    expect(refused.json<{ resource_response: { error: { message: string } } }>().resource_response.error.message).toMatch(/isn’t taking messages/);
  });

  it('a group has a name, takes new members, and loses one who leaves; a direct conversation takes no one new', async () => {
    const [ana, ben] = await friends(t, 'kim', 'lee');
    const cy = await person(t, 'moe');
    const dee = await person(t, 'ned');
    await follow(cy, ana);
    await follow(dee, ana);
    const group = await start(ana, [ben, cy], 'all of us', { name: 'Trip' });
    expect(group).toMatchObject({ is_group: true, name: 'Trip' });
    expect(group.users.map((u) => u.id).sort()).toEqual([ben.user.id, cy.user.id].sort());
    const added = ok<ConversationJson>(
      await ben.browser.resource('ConversationMembersResource', 'create', { conversation_id: group.id, user_ids: [dee.user.id] }),
    );
    expect(added.users).toHaveLength(3);
    expect((await messagesIn(dee, group.id)).map((m) => m.text)).toEqual(['all of us']);
    expect(ok<ConversationJson>(await cy.browser.resource('ConversationResource', 'update', { conversation_id: group.id, name: 'Trip 2' })).name).toBe(
      'Trip 2',
    );
    ok(await cy.browser.resource('ConversationResource', 'delete', { conversation_id: group.id }));
    failed(await cy.browser.getResource('ConversationMessagesResource', { conversation_id: group.id }), 404);
    const direct = await start(ana, [ben], 'just us');
    failed(await ana.browser.resource('ConversationMembersResource', 'create', { conversation_id: direct.id, user_ids: [dee.user.id] }), 400);
    failed(await ana.browser.resource('ConversationResource', 'update', { conversation_id: direct.id, name: 'x' }), 400);
  });

  it('share suggestions put recent conversations first, then people followed, and leave out blocks', async () => {
    const [ana, ben] = await friends(t, 'oli', 'pam');
    const followed = await person(t, 'quin');
    const blocked = await person(t, 'rex');
    await follow(ana, followed);
    await follow(blocked, ana);
    await start(ana, [blocked], 'hi');
    await start(ana, [ben], 'hi');
    ok(await blocked.browser.resource('UserBlockResource', 'create', { user_id: ana.user.id }));
    const cards = ok<UserCard[]>(await ana.browser.getResource('ShareSuggestionsResource', { suggestion_type: 'share', hide_group_conversations: true }));
    expect(cards[0]?.id).toBe(ben.user.id);
    expect(cards.map((c) => c.id)).toContain(followed.user.id);
    expect(cards.map((c) => c.id)).not.toContain(blocked.user.id);
    const byName = ok<UserCard[]>(
      await ana.browser.getResource('ShareSuggestionsResource', { suggestion_type: 'share', query: followed.user.username.slice(0, 5) }),
    );
    expect(byName.map((c) => c.id)).toContain(followed.user.id);
  });

  it('a write-banned member cannot message; what they may not see cannot be shared; text is stored as typed', async () => {
    const [ana, ben] = await friends(t, 'sam', 'tia');
    const conversation = await start(ana, [ben], '<img src=x onerror=alert(1)>');
    expect((await messagesIn(ben, conversation.id))[0]?.text).toBe('<img src=x onerror=alert(1)>');
    const secret = await makeBoard(t.deps, ben.user, { privacy: 'secret' });
    failed(
      await ana.browser.resource('ConversationMessagesResource', 'create', {
        conversation_id: conversation.id,
        board: secret.id,
        text: '',
        client_id: clientId(),
      }),
      404,
    );
    await t.deps.db
      .insertInto('member_restrictions')
      .values({ user_id: ana.user.id, write_banned: 1, suspended: 0, case_id: null, updated_at: Date.now() })
      .execute();
    failed(await ana.browser.resource('ConversationMessagesResource', 'create', { conversation_id: conversation.id, text: 'hi', client_id: clientId() }), 403);
    failed(await ana.browser.resource('ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'hi', client_id: clientId() }), 403);
  });

  it('contact requests are rate limited (429)', async () => {
    const sender = await person(t, 'uma');
    const answers: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const target = await person(t, `v${i}`);
      answers.push(
        (await sender.browser.resource('ConversationsResource', 'create', { user_ids: [target.user.id], text: 'hi', client_id: clientId() })).statusCode,
      );
    }
    expect(answers.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(answers[20]).toBe(429);
  });

  it('an invite link names its sender and channel; an unknown code or a blocked inviter names nobody', async () => {
    const [ana, ben] = await friends(t, 'wes', 'xia');
    const { invite_code } = ok<{ invite_code: string }>(await ana.browser.resource('InviteCodeResource', 'create', { invite_channel: 12 }));
    expect(ok<{ invite_code: string }>(await ana.browser.resource('InviteCodeResource', 'create', { invite_channel: 12 })).invite_code).toBe(invite_code);
    const visitor = t.client('10.92.0.2');
    expect(ok(await visitor.getResource('InviteCodeMetadataResource', { invite_code }))).toMatchObject({
      sender: { id: ana.user.id, should_show_messaging: true },
      invite_channel: 12,
    });
    expect(ok(await visitor.getResource('InviteCodeMetadataResource', { invite_code: 'unknown-code-123' }))).toEqual({ sender: null, invite_channel: null });
    ok(await ana.browser.resource('MessageSettingsResource', 'update', { allow_from: 'nobody' }));
    expect(ok(await ben.browser.getResource('InviteCodeMetadataResource', { invite_code }))).toMatchObject({ sender: { should_show_messaging: false } });
    ok(await ben.browser.resource('UserBlockResource', 'create', { user_id: ana.user.id }));
    expect(ok(await ben.browser.getResource('InviteCodeMetadataResource', { invite_code }))).toEqual({ sender: null, invite_channel: null });
    failed(await visitor.getResource('InviteCodeMetadataResource', { invite_code: '<script>' }), 400);
    failed(await ana.browser.resource('InviteCodeResource', 'create', { invite_channel: 100 }), 400);
  });

  it('a visitor gets no stream and no conversations', async () => {
    const visitor = t.client('10.92.0.1');
    const stream = await openLiveStream(base, visitor.jar);
    expect(stream.status).toBe(401);
    failed(await visitor.getResource('ConversationsResource', {}), 401);
  });
});
