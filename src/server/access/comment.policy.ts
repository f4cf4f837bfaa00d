import type { Db } from '../db/database.ts';
import type { Pin } from '../db/schema/boards-and-pins.ts';
import type { CommentsTable } from '../db/schema/comments.ts';
import type { Selectable } from 'kysely';
import { AppError } from '../errors.ts';
import type { Reader, Writer } from './authorized.ts';
import { isShownComment } from './access.repo.ts';
import { blockStateBetween } from './block.policy.ts';
import { findVisibleDidIt } from './did-it.policy.ts';
import { findVisiblePin } from './pin.policy.ts';

type Comment = Selectable<CommentsTable>;

/** What a reader may do with a comment they can see. */
export type CommentRights = { edit: boolean; delete: boolean; moderate: boolean };

/**
 * The rights on a comment: its author edits and deletes it; the pin's owner (its creator) deletes,
 * hides and highlights any comment on their pin but edits none.
 */
export function commentRights(reader: Reader, comment: Pick<Comment, 'user_id'>, pin: Pick<Pin, 'creator_id'>): CommentRights {
  const isAuthor = reader.userId !== null && reader.userId === comment.user_id;
  const isOwner = reader.userId !== null && reader.userId === pin.creator_id;
  return { edit: isAuthor, delete: isAuthor || isOwner, moderate: isOwner };
}

/**
 * The single-read check of a comment: it exists for the reader only when it is not hidden, its
 * pin is one they may see (a reply: while its top comment is not hidden; on a tried-it: while they
 * may see the tried-it), and no block stands between them and its author; else not found.
 */
export async function findVisibleComment(db: Db, reader: Reader, comment: Comment | undefined): Promise<{ comment: Comment; pin: Pin }> {
  if (!comment || comment.hidden === 1) throw new AppError('not_found');
  // A reply lives only while its top comment shows.
  if (comment.parent_id !== null && !(await isShownComment(db, comment.parent_id))) throw new AppError('not_found');
  const pin = await findVisiblePin(db, reader, comment.pin_id);
  if (comment.did_it_id !== null) await findVisibleDidIt(db, reader, comment.did_it_id);
  const blocks = await blockStateBetween(db, reader.userId, comment.user_id);
  if (blocks.blockedByMe || blocks.blockedMe) throw new AppError('not_found');
  return { comment, pin };
}

/** A change only `right` allows: the comment as for any reader first (404), then the right (403). */
export async function requireCommentRight(
  db: Db,
  writer: Writer,
  comment: Comment | undefined,
  right: keyof CommentRights,
): Promise<{ comment: Comment; pin: Pin }> {
  const found = await findVisibleComment(db, writer, comment);
  if (!commentRights(writer, found.comment, found.pin)[right]) throw new AppError('forbidden');
  return found;
}

/** Only the pin's owner moderates the comments on it. */
export function requirePinOwner(writer: Writer, pin: Pick<Pin, 'creator_id'>): void {
  if (pin.creator_id !== writer.userId) throw new AppError('forbidden', 'Only the Pin’s owner can do this.');
}
