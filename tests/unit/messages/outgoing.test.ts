import { describe, expect, it } from 'vitest';
import type { MessageJson } from '../../../src/shared/contracts/messages.ts';
import { CLOSED, dropdownReducer, type DropdownAction, type DropdownState } from '../../../src/shared/messages/view-rules.ts';
import { newClientId, sendInConversation } from '../../../src/web/messages/outgoing.ts';

const sender = { id: 'u1', username: 'ana', full_name: 'Ana', image_medium_url: null };

function serverCopy(clientId: string, seq: number, text: string): MessageJson {
  return {
    ...{ type: 'message', id: `m${seq}`, client_id: clientId, conversation_id: 'c1', seq, text, sender, created_at: '2026-01-01T00:00:00.000Z', created_ms: 1 },
    pin: null,
    board: null,
    user: null,
    did_it: null,
  };
}

/** The dropdown's state as the send drives it, with every state it passed through. */
function harness() {
  let state: DropdownState = { ...CLOSED, open: true, conversationId: 'c1' };
  const seen: DropdownState[] = [];
  const dispatch = (action: DropdownAction) => {
    state = dropdownReducer(state, action);
    seen.push(state);
  };
  return {
    dispatch,
    seen,
    get state() {
      return state;
    },
  };
}

describe('sending in a conversation', () => {
  it('shows a temporary message at once, then the server copy in its place', async () => {
    const h = harness();
    let release: (m: MessageJson) => void = () => undefined;
    const pending = sendInConversation({
      dispatch: h.dispatch,
      post: (input) =>
        new Promise(
          (resolve) =>
            (release = () => {
              resolve(serverCopy(input.client_id, 7, input.text));
            }),
        ),
      sender,
      conversationId: 'c1',
      content: { text: 'hello' },
      clientId: 'client-0001',
      now: 5,
    });
    expect(h.state.messages.map((m) => [m.type, m.text])).toEqual([['tempMessage', 'hello']]);
    release(serverCopy('client-0001', 7, 'hello'));
    const outcome = await pending;
    expect(outcome.ok).toBe(true);
    expect(h.state.messages.map((m) => [m.type, m.id])).toEqual([['message', 'm7']]);
  });

  it('removes the temporary message when the send fails, leaving the rest', async () => {
    const h = harness();
    h.dispatch({ type: 'received', message: serverCopy('other-0001', 3, 'earlier') });
    const outcome = await sendInConversation({
      dispatch: h.dispatch,
      post: () => Promise.reject(new Error('429')),
      sender,
      conversationId: 'c1',
      content: { text: 'hi' },
      clientId: 'client-0002',
      now: 5,
    });
    expect(outcome).toMatchObject({ ok: false, problem: null });
    expect(h.seen.some((s) => s.messages.some((m) => m.type === 'tempMessage'))).toBe(true);
    expect(h.state.messages.map((m) => m.id)).toEqual(['m3']);
  });

  it('keeps one message when the live copy arrives before the answer', async () => {
    const h = harness();
    await sendInConversation({
      dispatch: h.dispatch,
      post: (input) => {
        h.dispatch({ type: 'received', message: serverCopy(input.client_id, 9, input.text) });
        return Promise.resolve(serverCopy(input.client_id, 9, input.text));
      },
      sender,
      conversationId: 'c1',
      content: { text: 'twice?' },
      clientId: 'client-0003',
      now: 5,
    });
    expect(h.state.messages.map((m) => m.id)).toEqual(['m9']);
  });

  it('sends nothing that the rules refuse', async () => {
    const h = harness();
    let posted = false;
    const outcome = await sendInConversation({
      dispatch: h.dispatch,
      post: () => {
        posted = true;
        return Promise.reject(new Error('no'));
      },
      sender,
      conversationId: 'c1',
      content: { text: '   ' },
      clientId: 'client-0004',
      now: 5,
    });
    expect(outcome).toMatchObject({ ok: false, problem: 'empty' });
    expect(posted).toBe(false);
    expect(h.seen).toEqual([]);
  });
});

describe('client message ids', () => {
  it('match what the server accepts and differ between sends', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(a);
  });
});

describe('back to the list', () => {
  it('closes the open conversation and the new-message view, keeping the dropdown open', () => {
    const open = dropdownReducer({ ...CLOSED, open: true }, { type: 'openConversation', conversationId: 'c1', messages: [serverCopy('x-000001', 1, 'a')] });
    expect(dropdownReducer(open, { type: 'showList' })).toMatchObject({ open: true, conversationId: null, newMessage: false, messages: [] });
    const fresh = dropdownReducer(open, { type: 'openNewMessage' });
    expect(dropdownReducer(fresh, { type: 'showList' })).toMatchObject({ open: true, newMessage: false });
  });
});
