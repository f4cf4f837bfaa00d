import { describe, expect, it } from 'vitest';
import type { DomainEvent, StoredEvent } from '../../../src/server/events/catalogue.ts';
import { noticesOf, type Owners } from '../../../src/server/notifications/notices.ts';
import { GROUP_WINDOW_MS, isOpenGroup, KIND_OF_TYPE, NOTIFICATION_TYPES, notificationMessage } from '../../../src/shared/notifications.ts';

const owners: Owners = {
  pinCreator: (id) => Promise.resolve(id === '10' ? '1' : undefined),
  boardOwner: () => Promise.resolve('1'),
  boardMembers: () => Promise.resolve(['1', '4']),
  boardFollowers: () => Promise.resolve(['5', '6']),
  commentAuthor: () => Promise.resolve('3'),
  didItAuthor: (id) => Promise.resolve(id === '50' ? '9' : undefined),
};
const stored = (event: DomainEvent, actorId: string | null = '2'): StoredEvent => ({ ...event, position: { tx: 0, id: 1 }, actorId, at: 0 });

describe('a group stays open within the window until seen', () => {
  it('joins an unseen group begun less than a day ago', () => {
    expect(isOpenGroup({ created_at: 0, seen_at: null }, GROUP_WINDOW_MS - 1)).toBe(true);
  });
  it('starts a new group after the window', () => {
    expect(isOpenGroup({ created_at: 0, seen_at: null }, GROUP_WINDOW_MS)).toBe(false);
  });
  it('starts a new group once the member saw the last one', () => {
    expect(isOpenGroup({ created_at: 0, seen_at: 5 }, 10)).toBe(false);
  });
});

describe('a notification names one person, two, or the newest and a count of the others', () => {
  it('names one', () => {
    expect(notificationMessage(['Ana'], 1)).toEqual({ key: 'newsHub.people.one', values: { name: 'Ana' } });
  });
  it('names two', () => {
    expect(notificationMessage(['Ana', 'Ben'], 2)).toEqual({ key: 'newsHub.people.two', values: { name: 'Ana', other: 'Ben' } });
  });
  it('counts the others past two: Ana and 4 others', () => {
    expect(notificationMessage(['Ana', 'Ben', 'Cy'], 5)).toEqual({ key: 'newsHub.people.many', values: { name: 'Ana', count: 4 } });
  });
  it('counts people it cannot show (blocked since) among the others', () => {
    expect(notificationMessage(['Ana'], 3)).toEqual({ key: 'newsHub.people.many', values: { name: 'Ana', count: 2 } });
  });
});

describe('every notification type belongs to a kind of news a switch turns off', () => {
  it('maps each type', () => {
    expect(NOTIFICATION_TYPES.every((type) => typeof KIND_OF_TYPE[type] === 'string')).toBe(true);
  });
});

describe('what an event tells whom', () => {
  it('a save tells the pin creator, and the board’s members and followers of board activity', async () => {
    const notices = await noticesOf(stored({ type: 'pin.saved', pinId: '10', boardId: '20', saveId: '30' }), owners);
    expect(notices.map((n) => [n.type, n.groupKey, n.candidates])).toEqual([
      ['save', 'save:10', ['1']],
      ['board_activity', 'board_activity:20', ['1', '4', '5', '6']],
    ]);
  });
  it('a reply with mentions tells the mentioned first, then the replied-to, then the pin creator', async () => {
    const event = stored({ type: 'comment.created', commentId: '40', pinId: '10', parentId: '41', mentionedUserIds: ['7'] });
    const notices = await noticesOf(event, owners);
    expect(notices.map((n) => [n.type, n.candidates])).toEqual([
      ['mention', ['7']],
      ['reply', ['3']],
      ['comment', ['1']],
    ]);
  });
  it('a comment on a tried-it tells the member who tried the pin, not the pin creator', async () => {
    const event = stored({ type: 'comment.created', commentId: '42', pinId: '10', didItId: '50', parentId: null, mentionedUserIds: [] });
    const notices = await noticesOf(event, owners);
    expect(notices.map((n) => [n.type, n.candidates, n.groupKey])).toEqual([['did_it_comment', ['9'], 'did_it_comment:50']]);
  });
  it('an invitation reaches the invitee without the board visibility check; a request tells the owner', async () => {
    const [invite] = await noticesOf(stored({ type: 'collaborator.changed', boardId: '20', userId: '8', status: 'invited' }), owners);
    expect(invite).toMatchObject({ type: 'board_invite', candidates: ['8'], subjectChecked: false });
    const [request] = await noticesOf(stored({ type: 'collaborator.changed', boardId: '20', userId: '2', status: 'requested' }), owners);
    expect(request).toMatchObject({ type: 'board_request', candidates: ['1'], subjectChecked: true });
    expect(await noticesOf(stored({ type: 'collaborator.changed', boardId: '20', userId: '8', status: 'removed' }), owners)).toEqual([]);
  });
  it('an event the system made tells nobody', async () => {
    expect(await noticesOf(stored({ type: 'user.followed', userId: '1' }, null), owners)).toEqual([]);
  });
});
