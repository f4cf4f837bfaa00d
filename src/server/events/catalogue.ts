import { z } from 'zod';

/**
 * Every domain event, named after the spec's words: what changed and which rows it touched. An
 * event names rows rather than carrying their new values, so a subscriber re-reads what it needs
 * and applying an event twice is harmless. Ids are the rows' decimal ids. Add an event here (and
 * record it in the transaction of its change) before a subscriber needs it.
 */
const Id = z.string().regex(/^\d{1,20}$/);
const Ids = z.array(Id);

/** What a business change looked like before and after it (History keeps both); null where there was nothing. */
const Values = z.record(z.string(), z.union([z.string(), z.array(z.string())])).nullable();
const change = { businessId: Id, before: Values, after: Values };

const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) => z.object({ type: z.literal(type), ...shape });

export const DomainEvent = z.discriminatedUnion('type', [
  // Pins and saves (a save is a pin on a board: the pin–board graph).
  event('pin.created', { pinId: Id, boardId: Id }),
  event('pin.edited', { pinId: Id }),
  event('pin.hidden', { pinId: Id, hidden: z.boolean() }),
  event('pin.deleted', { pinId: Id, boardIds: Ids }),
  event('pin.saved', { pinId: Id, boardId: Id, saveId: Id }),
  event('pin.unsaved', { pinId: Id, boardId: Id, saveId: Id }),
  event('save.moved', { pinId: Id, saveId: Id, fromBoardId: Id, toBoardId: Id }),
  event('pin.reacted', { pinId: Id, reactionType: z.number().int() }),
  event('pin.unreacted', { pinId: Id }),
  // Tried-its on pins (docs/decisions/0045-tried-its.md).
  event('did_it.created', { didItId: Id, pinId: Id }),
  event('did_it.edited', { didItId: Id, pinId: Id }),
  event('did_it.deleted', { didItId: Id, pinId: Id }),
  // An operator removed (or restored) a tried-it (decision 0048): gone for all but its author.
  event('did_it.moderated', { didItId: Id, pinId: Id, removed: z.boolean() }),
  event('did_it.reacted', { didItId: Id, reactionType: z.number().int() }),
  event('did_it.unreacted', { didItId: Id }),
  event('did_it.marked_helpful', { didItId: Id }),
  event('did_it.unmarked_helpful', { didItId: Id }),
  // Boards and what hangs on them.
  event('board.created', { boardId: Id }),
  event('board.changed', { boardId: Id, fields: z.array(z.enum(['name', 'description', 'privacy', 'cover'])) }),
  event('board.archived', { boardId: Id, archived: z.boolean() }),
  event('board.deleted', { boardId: Id, pinIds: Ids }),
  event('section.created', { boardId: Id, sectionId: Id }),
  event('section.renamed', { boardId: Id, sectionId: Id }),
  event('section.deleted', { boardId: Id, sectionId: Id, pinIds: Ids }),
  // Blocking actions (docs/decisions/0047-board-blocking-actions.md): started, then a step per batch.
  event('board.action_started', { boardId: Id, actionId: Id }),
  event('board.action_progressed', { boardId: Id, actionId: Id, progress: z.number().int(), done: z.boolean() }),
  event('collaborator.changed', { boardId: Id, userId: Id, status: z.enum(['invited', 'requested', 'accepted', 'removed']) }),
  event('ownership.offered', { boardId: Id, userId: Id }),
  event('ownership.cancelled', { boardId: Id }),
  event('ownership.transferred', { boardId: Id, fromUserId: Id, toUserId: Id }),
  // People: follows, blocks, accounts and profiles.
  event('user.followed', { userId: Id }),
  event('user.unfollowed', { userId: Id }),
  event('board.followed', { boardId: Id }),
  event('board.unfollowed', { boardId: Id }),
  event('topic.followed', { interestId: Id }),
  event('topic.unfollowed', { interestId: Id }),
  event('member.blocked', { userId: Id }),
  event('member.unblocked', { userId: Id }),
  event('account.created', { userId: Id }),
  event('account.password_reset', { userId: Id }),
  event('account.deletion_requested', { userId: Id, purgeAt: z.number().int() }),
  event('account.deletion_cancelled', { userId: Id }),
  event('account.deleted', { userId: Id }),
  event('account.export_requested', { userId: Id, exportId: Id }),
  event('profile.changed', { userId: Id }),
  event('website.changed', { userId: Id, verified: z.boolean() }),
  // A member's own settings (docs/decisions/0039-member-settings.md).
  event('account.username_changed', { userId: Id }),
  event('account.email_change_requested', { userId: Id }),
  event('account.email_changed', { userId: Id }),
  // Private profiles and their follow requests (docs/decisions/0046-follow-requests.md).
  event('profile.privacy_changed', { userId: Id, isPrivate: z.boolean() }),
  event('follow_request.made', { userId: Id }),
  event('follow_request.withdrawn', { userId: Id }),
  event('follow_request.accepted', { userId: Id }),
  event('follow_request.declined', { userId: Id }),
  event('settings.changed', { userId: Id, area: z.enum(['account', 'privacy', 'interactions', 'notifications']) }),
  // Reports and moderation (docs/decisions/0044-moderation.md).
  event('report.filed', { reportId: Id, caseId: Id }),
  event('moderation.assigned', { caseId: Id, operatorId: Id.nullable() }),
  event('moderation.decided', {
    caseId: Id,
    action: z.enum(['dismiss', 'hide_pin', 'remove_comment', 'remove_tried_it', 'warn', 'write_ban', 'suspend', 'restore']),
  }),
  event('moderation.appealed', { caseId: Id }),
  event('pin.moderated', { pinId: Id, hidden: z.boolean() }),
  event('member.restricted', { userId: Id, writeBanned: z.boolean(), suspended: z.boolean() }),
  event('feedback.sent', { feedbackId: Id }),
  // What operators curate.
  event('article.changed', { articleId: Id }),
  event('topic.added', { interestId: Id }),
  // Comments under pins (docs/decisions/0043-comments.md).
  // didItId: the tried-it it is on (decision 0048); absent in events recorded before.
  event('comment.created', { commentId: Id, pinId: Id, didItId: Id.nullable().optional(), parentId: Id.nullable(), mentionedUserIds: Ids }),
  event('comment.edited', { commentId: Id, pinId: Id, mentionedUserIds: Ids }),
  event('comment.deleted', { commentId: Id, pinId: Id }),
  event('comment.hidden', { commentIds: Ids, pinId: Id }),
  event('comment.shown', { commentIds: Ids, pinId: Id }),
  event('comment.reacted', { commentId: Id, pinId: Id, liked: z.boolean() }),
  event('comment.helpful', { commentId: Id, pinId: Id, marked: z.boolean() }),
  event('comment.highlighted', { commentId: Id, pinId: Id, highlighted: z.boolean() }),
  event('comment.flagged', { commentId: Id, pinId: Id }),
  event('comment.mention_removed', { commentId: Id, userId: Id }),
  // The news hub (docs/decisions/0050-notifications.md): whose notifications changed and their unseen counts now.
  event('notifications.changed', { badges: z.array(z.object({ userId: Id, unseen: z.number().int().min(0) })).min(1) }),
  // Members' live logs and messages (docs/decisions/0049-member-log-and-messages.md).
  event('live.appended', { memberIds: Ids }),
  event('conversation.created', { conversationId: Id, memberIds: Ids }),
  event('conversation.members_added', { conversationId: Id, memberIds: Ids }),
  event('conversation.left', { conversationId: Id }),
  event('message.sent', { messageId: Id, conversationId: Id }),
  event('contact_request.answered', { conversationId: Id, answer: z.enum(['accept', 'decline', 'block']) }),
  // Business access (docs/decisions/0051-business-access.md): each carries its before and after for History.
  event('account.business_changed', { userId: Id, isBusiness: z.boolean() }),
  event('business.member_changed', { ...change, userId: Id }),
  event('business.partner_changed', { ...change, partnerId: Id }),
  event('business.asset_changed', { ...change, assetId: Id }),
  event('business.grant_changed', { ...change, assetId: Id, granteeId: Id }),
  event('business.invite_changed', { ...change, inviteId: Id }),
  event('business.child_changed', { ...change, childId: Id }),
]);

export type DomainEvent = z.infer<typeof DomainEvent>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/**
 * Where an event stands in the log. Reading in this order never skips an event committed later
 * with a smaller number (see events.repo.ts): on PostgreSQL `tx` is the writing transaction's
 * id; on SQLite, which has one writer at a time, it is 0 and `id` alone orders.
 */
export type Position = { tx: number; id: number };

export const START: Position = { tx: 0, id: 0 };

export function isAfter(a: Position, b: Position): boolean {
  return a.tx > b.tx || (a.tx === b.tx && a.id > b.id);
}

/** An event as read back: its place in the log, who made the change (null: the system), and when. */
export type StoredEvent = DomainEvent & { position: Position; actorId: string | null; at: number };
