import type { Writer } from '../access/authorized.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { mayInteract } from '../users/interaction-settings.service.ts';
import { checkCommentText, mentionedUsernames, parseCommentTags, type CommentTag } from '../../shared/comments.ts';
import { membersNamed } from './comments.repo.ts';

export type CheckedComment = { text: string; tags: CommentTag[]; mentionedIds: string[] };

/**
 * A comment's text and tags as stored: the text trimmed and within limits (else 400), the tags
 * parsed from their JSON text (else 400), and the mentions resolved to members, from @names in
 * the text and the tags' user ids. A member the writer may not mention (a block either way, or
 * their mention setting) or who does not exist is silently not mentioned, so the answer tells
 * nothing about blocks; nor is the writer themselves.
 */
export async function checkComment(deps: Deps, writer: Writer, input: { text: string; tags?: string | undefined }): Promise<CheckedComment> {
  const checked = checkCommentText(input.text);
  if ('error' in checked) throw new AppError('bad_request', `text: ${checked.error}`);
  const given = input.tags === undefined || input.tags === '' ? [] : parseCommentTags(input.tags);
  if (typeof given === 'string') throw new AppError('bad_request', given);
  const names = mentionedUsernames(checked.text);
  const members = await membersNamed(
    deps.db,
    names,
    given.map((t) => t.user_id),
  );
  const allowed: string[] = [];
  for (const member of members) {
    if (member.id === writer.userId || allowed.includes(member.id)) continue;
    if (await mayInteract(deps, writer.userId, member.id, 'mention')) allowed.push(member.id);
  }
  const mentionedIds = allowed.sort();
  const tags: CommentTag[] = mentionedIds.map((id) => ({ tag_type: 'user', user_id: id }));
  return { text: checked.text, tags, mentionedIds };
}
