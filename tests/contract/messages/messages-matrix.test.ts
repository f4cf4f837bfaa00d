import { beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../../support/app.ts';
import { databaseKinds } from '../../support/databases.ts';
import { ok } from '../boards/helpers.ts';
import { settle } from '../../support/settle.ts';
import { clientId, follow, person, rowCounts, start, type Person } from './helpers.ts';

/*
 * Who may do what in a conversation (docs/decisions/0049): members of a conversation, others,
 * blocked people and visitors × read, send, add and leave × direct and group. Anyone but a member
 * is told the conversation does not exist; nothing anyone else tries changes a row. Then bad input
 * on every call: a clear 400, no 5xx, nothing written.
 */
describe.each(databaseKinds)('conversation authorization and bad input on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { worker: false });
    return () => t.close();
  });

  type Call = (c: TestClient, id: string, who: string) => ReturnType<TestClient['get']>;
  const actions: Record<'read' | 'get' | 'send' | 'add' | 'leave', Call> = {
    read: (c: TestClient, id: string) => c.getResource('ConversationMessagesResource', { conversation_id: id }),
    get: (c: TestClient, id: string) => c.getResource('ConversationResource', { conversation_id: id }),
    send: (c: TestClient, id: string) => c.resource('ConversationMessagesResource', 'create', { conversation_id: id, text: 'x', client_id: clientId() }),
    add: (c: TestClient, id: string, who: string) => c.resource('ConversationMembersResource', 'create', { conversation_id: id, user_ids: [who] }),
    leave: (c: TestClient, id: string) => c.resource('ConversationResource', 'delete', { conversation_id: id }),
  };

  it('only members read, send, add and leave; others, blocked people and visitors meet not found or sign-in, and change nothing', async () => {
    const owner = await person(t, 'own');
    const mate = await person(t, 'mat');
    const third = await person(t, 'thi');
    const other = await person(t, 'oth');
    const newcomer = await person(t, 'new');
    const outsider = await person(t, 'out');
    for (const p of [mate, third, newcomer, outsider]) await follow(p, owner);
    ok(await outsider.browser.resource('UserBlockResource', 'create', { user_id: owner.user.id }));
    const direct = await start(owner, [mate], 'direct');
    const group = await start(owner, [mate, third], 'group');
    // The blocked member is in both conversations, and blocked after joining them.
    ok(await owner.browser.resource('UserBlockResource', 'create', { user_id: mate.user.id }));
    const visitor = t.client('10.93.0.1');
    await visitor.ensureCsrf();
    // The follows' notifications (and their live badges) are written now, not during the counts.
    await settle(t.deps);
    const leaks: string[] = [];
    const cases: [string, TestClient, number][] = [
      ['other', other.browser, 404],
      ['visitor', visitor, 401],
    ];
    for (const [conversation, name] of [
      [direct, 'direct'],
      [group, 'group'],
    ] as const) {
      const before = await rowCounts(t);
      for (const [who, client, expected] of cases) {
        for (const [action, call] of Object.entries(actions)) {
          const answer = await call(client, conversation.id, newcomer.user.id);
          if (answer.statusCode !== expected) leaks.push(`${who} ${action} ${name}: ${answer.statusCode}`);
        }
      }
      expect(await rowCounts(t)).toEqual(before);
      // The blocked side of a direct conversation sees nothing of it, both ways.
      if (name === 'direct') {
        for (const p of [owner, mate] as Person[]) {
          for (const action of ['read', 'get', 'send'] as const) {
            const answer = await actions[action](p.browser, conversation.id, newcomer.user.id);
            if (answer.statusCode !== 404) leaks.push(`blocked ${action} direct: ${answer.statusCode}`);
          }
        }
        // Adding people is for groups; a blocked pair cannot add each other anywhere.
      } else {
        const read = await actions.read(owner.browser, conversation.id, '');
        expect(read.statusCode).toBe(200);
        const added = await actions.add(owner.browser, conversation.id, outsider.user.id);
        if (added.statusCode !== 404) leaks.push(`owner added someone who blocked them: ${added.statusCode}`);
      }
    }
    expect(leaks).toEqual([]);
    // Members do each: read, send, add and leave a group.
    expect((await actions.read(third.browser, group.id, '')).statusCode).toBe(200);
    expect((await actions.send(third.browser, group.id, '')).statusCode).toBe(200);
    expect((await actions.add(third.browser, group.id, newcomer.user.id)).statusCode).toBe(200);
    expect((await actions.leave(third.browser, group.id, '')).statusCode).toBe(200);
    expect((await actions.read(third.browser, group.id, '')).statusCode).toBe(404);
  });

  it('bad input on every call is a clear 400 that writes nothing', async () => {
    const ana = await person(t, 'bad');
    const ben = await person(t, 'bod');
    await follow(ben, ana);
    const conversation = await start(ana, [ben], 'hi');
    await settle(t.deps);
    const before = await rowCounts(t);
    const tooLong = 'x'.repeat(2001);
    const bad: [string, 'get' | 'create' | 'update' | 'delete', Record<string, unknown>][] = [
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'hi' }],
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'hi', client_id: 'short' }],
      ['ConversationsResource', 'create', { user_ids: ['abc'], text: 'hi', client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [], text: 'hi', client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [ana.user.id], text: 'hi', client_id: clientId() }],
      ['ConversationsResource', 'create', { emails: ['not an email'], text: 'hi', client_id: clientId() }],
      ['ConversationsResource', 'create', { emails: ['nobody-here@example.com'], text: 'hi', client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: tooLong, client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: '   ', client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'a\u0000b', client_id: clientId() }],
      ['ConversationsResource', 'create', { user_ids: [ben.user.id], text: 'named', name: 'Just us', client_id: clientId() }],
      ['ConversationsResource', 'get', { bookmark: 'nonsense' }],
      ['ConversationResource', 'get', { conversation_id: 'x' }],
      ['ConversationResource', 'update', { conversation_id: conversation.id, name: '' }],
      ['ConversationResource', 'delete', {}],
      ['ConversationMessagesResource', 'get', { conversation_id: conversation.id, bookmark: '!!' }],
      ['ConversationMessagesResource', 'create', { conversation_id: conversation.id, text: '', client_id: clientId() }],
      ['ConversationMessagesResource', 'create', { conversation_id: conversation.id, text: 'x', pin: '1', board: '2', client_id: clientId() }],
      ['ConversationMessagesResource', 'create', { conversation_id: conversation.id, text: { a: 1 }, client_id: clientId() }],
      ['ConversationMembersResource', 'create', { conversation_id: conversation.id, user_ids: [] }],
      ['ConversationReadResource', 'update', { conversation_id: 12 }],
      ['ContactRequestResource', 'update', { conversation_id: conversation.id, answer: 'maybe' }],
      ['MessageSettingsResource', 'update', { allow_from: 'friends' }],
      ['ShareSuggestionsResource', 'get', { suggestion_type: 'other' }],
      ['ShareSuggestionsResource', 'get', { suggestion_type: 'share', query: 'q'.repeat(101) }],
    ];
    const wrong: string[] = [];
    for (const [name, verb, options] of bad) {
      const answer = verb === 'get' ? await ana.browser.getResource(name, options) : await ana.browser.resource(name, verb, options);
      const error = answer.json<{ resource_response: { error?: { message?: string } } }>().resource_response.error;
      if (answer.statusCode !== 400 || !error?.message) wrong.push(`${name} ${verb} ${JSON.stringify(options).slice(0, 80)}: ${answer.statusCode}`);
      if (answer.body.includes('    at ')) wrong.push(`${name} ${verb}: a stack trace`);
    }
    expect(wrong).toEqual([]);
    expect(await rowCounts(t)).toEqual(before);
    const stream = await ana.browser.get('/live/stream/?after=-1');
    expect(stream.statusCode).toBe(400);
  });
});
