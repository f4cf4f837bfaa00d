import { describe, expect, it } from 'vitest';
import type { MessageJson } from '../../../src/shared/contracts/messages.ts';
import { contentProblem, reachOf } from '../../../src/shared/messages/send-rules.ts';
import { CLOSED, dropdownReducer, errorText, type DropdownState, type TempMessage } from '../../../src/shared/messages/view-rules.ts';
import { inviteLanding, type InviteMetadata } from '../../../src/shared/messages/invite-landing.ts';

const message = (seq: number, clientId: string, conversationId = 'c1'): MessageJson => ({
  type: 'message',
  id: `m${seq}`,
  client_id: clientId,
  conversation_id: conversationId,
  seq,
  text: `text ${seq}`,
  sender: { id: 'u1', username: 'ana', full_name: 'Ana', image_medium_url: null },
  created_at: 'Sat, 28 Nov 2026 10:00:00 GMT',
  created_ms: 0,
  pin: null,
  board: null,
  user: null,
  did_it: null,
});
const temp = (clientId: string): TempMessage => ({ ...message(0, clientId), type: 'tempMessage' });
const open: DropdownState = dropdownReducer(CLOSED, { type: 'openConversation', conversationId: 'c1', messages: [message(2, 'b'), message(1, 'a')] });

describe('message send (viewer spec section 4)', () => {
  it('a send adds a temporary message at once', () => {
    const state = dropdownReducer(open, { type: 'addTemp', message: temp('t') });
    expect(state.messages.map((m) => m.type)).toEqual(['message', 'message', 'tempMessage']);
  });
  it('success replaces the temporary message with the server message', () => {
    const state = dropdownReducer(dropdownReducer(open, { type: 'addTemp', message: temp('t') }), { type: 'sent', clientId: 't', message: message(3, 't') });
    expect(state.messages.map((m) => [m.type, m.client_id])).toEqual([
      ['message', 'a'],
      ['message', 'b'],
      ['message', 't'],
    ]);
  });
  it('failure removes the temporary message', () => {
    const state = dropdownReducer(dropdownReducer(open, { type: 'addTemp', message: temp('t') }), { type: 'failed', clientId: 't' });
    expect(state.messages.map((m) => m.client_id)).toEqual(['a', 'b']);
  });
  it('a message heard live before the answer is shown once', () => {
    let state = dropdownReducer(open, { type: 'addTemp', message: temp('t') });
    state = dropdownReducer(state, { type: 'received', message: message(3, 't') });
    state = dropdownReducer(state, { type: 'sent', clientId: 't', message: message(3, 't') });
    expect(state.messages.filter((m) => m.client_id === 't')).toHaveLength(1);
  });
  it('a message of another conversation does not enter the open one', () => {
    expect(dropdownReducer(open, { type: 'received', message: message(9, 'x', 'c2') })).toBe(open);
  });
  it('opening a conversation closes the new-message view', () => {
    const composing = dropdownReducer(open, { type: 'openNewMessage' });
    expect(dropdownReducer(composing, { type: 'openConversation', conversationId: 'c1', messages: [] }).newMessage).toBe(false);
  });
  it('closing the dropdown clears the attachment and the new-message view', () => {
    const sharing = dropdownReducer(dropdownReducer(CLOSED, { type: 'open', attachment: { kind: 'pin', id: '1' } }), { type: 'openNewMessage' });
    expect(dropdownReducer(sharing, { type: 'close' })).toMatchObject({ open: false, newMessage: false, attachment: null });
  });
  it('opening a new message clears the open conversation', () => {
    expect(dropdownReducer(open, { type: 'openNewMessage' })).toMatchObject({ conversationId: null, messages: [], newMessage: true });
  });
  it('an error shows message_detail, else message', () => {
    expect(errorText({ message_detail: 'detail', message: 'message' }, 'x')).toBe('detail');
    expect(errorText({ message_detail: null, message: 'message' }, 'x')).toBe('message');
    expect(errorText(null, 'fallback')).toBe('fallback');
  });
  it('a message has text or one shared thing, never nothing and never two', () => {
    expect(contentProblem({ text: '  ' })).toBe('empty');
    expect(contentProblem({ text: '', pin: '1' })).toBeNull();
    expect(contentProblem({ text: 'hi', pin: '1', board: '2' })).toBe('two_attachments');
  });
  it('who may write: everyone (a request from someone not followed), following only, nobody', () => {
    expect(reachOf('everyone', true)).toBe('direct');
    expect(reachOf('everyone', false)).toBe('request');
    expect(reachOf('following', false)).toBe('refused');
    expect(reachOf('following', true)).toBe('direct');
    expect(reachOf('nobody', true)).toBe('refused');
  });
});

describe('invite landing (business spec section 4)', () => {
  const sender = { id: 's', first_name: 'Sam', full_name: 'Sam S', image_medium_url: null, should_show_messaging: true };
  const meta = (channel: number | null): InviteMetadata => ({ sender, invite_channel: channel });
  it('a signed-out desktop visitor gets the inviter popover', () => {
    expect(inviteLanding({ signedIn: false, desktop: true }, meta(1))).toBe('popover');
  });
  it('no popover for channels 5, 9, 12 and 16, nor off desktop', () => {
    for (const channel of [5, 9, 12, 16]) expect(inviteLanding({ signedIn: false, desktop: true }, meta(channel))).toBeNull();
    expect(inviteLanding({ signedIn: false, desktop: false }, meta(1))).toBeNull();
  });
  it('a signed-in member gets a toast when the inviter is someone else and messaging is on for both', () => {
    const viewer = { signedIn: true as const, userId: 'v', messagingOn: true, desktop: false, mobile: true };
    expect(inviteLanding(viewer, meta(5))).toBe('toast');
    expect(inviteLanding({ ...viewer, userId: 's' }, meta(5))).toBeNull();
    expect(inviteLanding({ ...viewer, messagingOn: false }, meta(5))).toBeNull();
    expect(inviteLanding(viewer, { sender: { ...sender, should_show_messaging: false }, invite_channel: 5 })).toBeNull();
  });
  it('a failed or empty lookup shows nothing', () => {
    expect(inviteLanding({ signedIn: false, desktop: true }, null)).toBeNull();
    expect(inviteLanding({ signedIn: false, desktop: true }, { sender: null, invite_channel: 1 })).toBeNull();
  });
});
