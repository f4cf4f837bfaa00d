import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { ConversationJson, MessageJson } from '../../../src/shared/contracts/messages.ts';
import type { TestApp, TestClient } from '../../support/app.ts';
import { makeUser, signIn, type TestUser } from '../../support/factories.ts';
import { ok } from '../boards/helpers.ts';

export type Person = { user: TestUser; browser: TestClient };

export async function person(t: TestApp, name: string): Promise<Person> {
  const user = await makeUser(t.deps, name);
  return { user, browser: await signIn(t, user) };
}

export const clientId = () => crypto.randomBytes(9).toString('base64url');

export async function follow(who: Person, whom: Person): Promise<void> {
  ok(await who.browser.resource('UserFollowResource', 'create', { user_id: whom.user.id }));
}

/** Two members who follow each other: a message between them is no contact request. */
export async function friends(t: TestApp, a: string, b: string): Promise<[Person, Person]> {
  const pa = await person(t, a);
  const pb = await person(t, b);
  await follow(pa, pb);
  await follow(pb, pa);
  return [pa, pb];
}

export async function start(from: Person, to: Person[], text = 'hello', extra: Record<string, unknown> = {}): Promise<ConversationJson> {
  return ok<ConversationJson>(
    await from.browser.resource('ConversationsResource', 'create', { user_ids: to.map((p) => p.user.id), text, client_id: clientId(), ...extra }),
  );
}

export async function send(from: Person, conversationId: string, text: string, id = clientId(), extra: Record<string, unknown> = {}): Promise<MessageJson> {
  return ok<MessageJson>(
    await from.browser.resource('ConversationMessagesResource', 'create', { conversation_id: conversationId, text, client_id: id, ...extra }),
  );
}

export async function messagesIn(reader: Person, conversationId: string): Promise<MessageJson[]> {
  return ok<MessageJson[]>(await reader.browser.getResource('ConversationMessagesResource', { conversation_id: conversationId }));
}

/** The app listening on a free port of 127.0.0.1 (streams need a socket; inject waits for the end). */
export async function listening(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const count = async (table: 'messages' | 'conversations' | 'conversation_members' | 'member_log' | 'message_settings') => {
    const row = await t.deps.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return row.n;
  };
  return {
    messages: await count('messages'),
    conversations: await count('conversations'),
    members: await count('conversation_members'),
    log: await count('member_log'),
    settings: await count('message_settings'),
  };
}
