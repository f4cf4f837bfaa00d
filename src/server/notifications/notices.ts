import type { StoredEvent } from '../events/catalogue.ts';
import type { NotificationType } from '../../shared/notifications.ts';

/**
 * What an event tells whom (docs/decisions/0050-notifications.md), before the rules of who may
 * see it: each notice is one type, about one subject, from one person, for some candidates. The
 * first notice of an event that names a member is the one they get (a mention of the pin's owner
 * is a mention, not also a comment).
 */
export type Notice = {
  type: NotificationType;
  groupKey: string;
  actorId: string;
  pinId: string | null;
  boardId: string | null;
  commentId: string | null;
  candidates: string[];
  /** Invitations and offers reach a member who may not see a secret board yet: the owner chose them. */
  subjectChecked: boolean;
};

/** The reads a notice needs: who owns what the event touched. */
export type Owners = {
  pinCreator(pinId: string): Promise<string | undefined>;
  boardOwner(boardId: string): Promise<string | undefined>;
  boardMembers(boardId: string): Promise<string[]>;
  boardFollowers(boardId: string): Promise<string[]>;
  commentAuthor(commentId: string): Promise<string | undefined>;
  didItAuthor(didItId: string): Promise<string | undefined>;
};

const some = (id: string | undefined): string[] => (id === undefined ? [] : [id]);

function notice(type: NotificationType, subject: string, actorId: string, candidates: string[], about: Partial<Notice> = {}): Notice {
  return { type, groupKey: `${type}:${subject}`, actorId, pinId: null, boardId: null, commentId: null, candidates, subjectChecked: true, ...about };
}

/** The notices of one event; none for an event made by the system or of a type the news hub ignores. */
export async function noticesOf(event: StoredEvent, owners: Owners): Promise<Notice[]> {
  const actor = event.actorId;
  if (actor === null) return [];
  switch (event.type) {
    case 'user.followed':
      return [notice('follow', event.userId, actor, [event.userId])];
    case 'follow_request.made':
      return [notice('follow_request', event.userId, actor, [event.userId])];
    case 'pin.saved':
      return [
        notice('save', event.pinId, actor, some(await owners.pinCreator(event.pinId)), { pinId: event.pinId, boardId: event.boardId }),
        ...(await boardActivity(event.boardId, event.pinId, actor, owners)),
      ];
    case 'pin.created':
      return boardActivity(event.boardId, event.pinId, actor, owners);
    case 'pin.reacted':
      return [notice('reaction', event.pinId, actor, some(await owners.pinCreator(event.pinId)), { pinId: event.pinId })];
    case 'did_it.created':
      return [notice('did_it', event.pinId, actor, some(await owners.pinCreator(event.pinId)), { pinId: event.pinId })];
    case 'comment.created':
      return commentNotices(event, actor, owners);
    case 'collaborator.changed':
      if (event.status === 'invited') return [notice('board_invite', event.boardId, actor, [event.userId], { boardId: event.boardId, subjectChecked: false })];
      if (event.status === 'requested')
        return [notice('board_request', event.boardId, actor, some(await owners.boardOwner(event.boardId)), { boardId: event.boardId })];
      return [];
    case 'ownership.offered':
      return [notice('ownership_offer', event.boardId, actor, [event.userId], { boardId: event.boardId, subjectChecked: false })];
    default:
      return [];
  }
}

/** A pin added to a board tells its other members (a group board) and its followers. */
async function boardActivity(boardId: string, pinId: string, actor: string, owners: Owners): Promise<Notice[]> {
  const candidates = [...(await owners.boardMembers(boardId)), ...(await owners.boardFollowers(boardId))];
  return [notice('board_activity', boardId, actor, candidates, { pinId, boardId })];
}

async function commentNotices(event: Extract<StoredEvent, { type: 'comment.created' }>, actor: string, owners: Owners): Promise<Notice[]> {
  const about = { pinId: event.pinId, commentId: event.commentId };
  const parentAuthor = event.parentId === null ? undefined : await owners.commentAuthor(event.parentId);
  return [
    ...event.mentionedUserIds.map((id) => notice('mention', event.commentId, actor, [id], about)),
    ...(event.parentId === null ? [] : [notice('reply', event.parentId, actor, some(parentAuthor), about)]),
    // A comment on a tried-it is news for the member who tried the pin, not for the pin's creator.
    event.didItId
      ? notice('did_it_comment', event.didItId, actor, some(await owners.didItAuthor(event.didItId)), about)
      : notice('comment', event.pinId, actor, some(await owners.pinCreator(event.pinId)), about),
  ];
}

/** The event types the news hub follows. */
export const NOTICE_EVENTS = [
  'user.followed',
  'follow_request.made',
  'pin.saved',
  'pin.created',
  'pin.reacted',
  'did_it.created',
  'comment.created',
  'collaborator.changed',
  'ownership.offered',
] as const;
