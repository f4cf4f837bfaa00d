/**
 * Comments under pins (viewer spec sections 3, 4 and 5): the limits of a comment, the mentions
 * in its text, and the comment toggles of section 4 as pure changes of a list, shared by the
 * server's rules and the browser's optimistic updates.
 */

export const COMMENT_MAX_LENGTH = 500;
export const COMMENT_PAGE_SIZE = 20;
export const COMMENT_PAGE_MAX = 50;
export const COMMENT_MAX_MENTIONS = 10;
export const COMMENT_SORTS = ['newest', 'helpful'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];
/** The one reaction a comment takes: like (viewer spec section 3, reaction type 1). */
export const COMMENT_LIKE = 1;

/** The usernames written as @name in a text, once each, in order: a username is 3 to 30 letters, digits or underscores. */
export function mentionedUsernames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/(^|[^\w@])@([A-Za-z0-9_]{3,30})(?![\w@])/g)) {
    const name = (match[2] ?? '').toLowerCase();
    if (!names.includes(name)) names.push(name);
  }
  return names.slice(0, COMMENT_MAX_MENTIONS);
}

/** A comment tag naming a member (the comment update call sends them as JSON text). */
export type CommentTag = { tag_type: 'user'; user_id: string };

/** The tags of the JSON text, or an error message: an array of {tag_type: 'user', user_id}. */
export function parseCommentTags(json: string): CommentTag[] | string {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return 'tags: This is not JSON.';
  }
  if (!Array.isArray(value)) return 'tags: Tags are a list.';
  if (value.length > COMMENT_MAX_MENTIONS) return `tags: At most ${COMMENT_MAX_MENTIONS} tags.`;
  const tags: CommentTag[] = [];
  for (const item of value as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'tags: Each tag is an object.';
    const { tag_type: type, user_id: userId } = item as Record<string, unknown>;
    if (type !== 'user' || typeof userId !== 'string' || !/^\d{1,20}$/.test(userId)) return 'tags: Each tag is {tag_type: "user", user_id}.';
    if (!tags.some((t) => t.user_id === userId)) tags.push({ tag_type: 'user', user_id: userId });
  }
  return tags;
}

/** A comment's text is required once trimmed and at most COMMENT_MAX_LENGTH characters; the trimmed text or an error message. */
export function checkCommentText(text: string): { text: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'Required' };
  if (Array.from(trimmed).length > COMMENT_MAX_LENGTH) return { error: `A comment can have at most ${COMMENT_MAX_LENGTH} characters.` };
  return { text: trimmed };
}

/** Viewer spec section 5: highlighting a comment needs both a comment id and a pin id. */
export function highlightTargetMissing(target: { aggregated_comment?: string | undefined; pin?: string | undefined }): string | null {
  if (!target.aggregated_comment) return 'aggregated_comment: Required';
  if (!target.pin) return 'pin: Required';
  return null;
}

/** What the toggles of section 4 change on a comment. */
export type ToggledComment = {
  id: string;
  user: { id: string };
  reaction_counts: Record<string, number>;
  reaction_by_me: number | null;
  helpful_count: number;
  marked_helpful_by_me: boolean;
  highlighted_by_pin_owner: boolean;
  comment_count: number;
};

/** Like or unlike: the reaction 1 count moves by one (never below 0) and reaction_by_me follows. */
export function toggleLike<T extends ToggledComment>(comment: T, liked: boolean): T {
  const key = String(COMMENT_LIKE);
  const wasLiked = comment.reaction_by_me === COMMENT_LIKE;
  if (wasLiked === liked) return comment;
  const count = Math.max(0, (comment.reaction_counts[key] ?? 0) + (liked ? 1 : -1));
  const counts = Object.fromEntries(Object.entries(comment.reaction_counts).filter(([type]) => type !== key));
  if (count > 0) counts[key] = count;
  return { ...comment, reaction_counts: counts, reaction_by_me: liked ? COMMENT_LIKE : null };
}

/** Mark or unmark helpful: helpful_count moves by one (never below 0). */
export function toggleHelpful<T extends ToggledComment>(comment: T, marked: boolean): T {
  if (comment.marked_helpful_by_me === marked) return comment;
  return { ...comment, marked_helpful_by_me: marked, helpful_count: Math.max(0, comment.helpful_count + (marked ? 1 : -1)) };
}

/** Highlight sets highlighted_by_pin_owner. */
export function setHighlight<T extends ToggledComment>(comment: T, highlighted: boolean): T {
  return { ...comment, highlighted_by_pin_owner: highlighted };
}

/** Delete or hide removes the comment. */
export function removeComment<T extends ToggledComment>(comments: readonly T[], id: string): T[] {
  return comments.filter((c) => c.id !== id);
}

/** Hiding for a user removes all that user's comments. */
export function removeUserComments<T extends ToggledComment>(comments: readonly T[], userId: string): T[] {
  return comments.filter((c) => c.user.id !== userId);
}

/** The comment count can be incremented (a reply was added), never below 0. */
export function addToCommentCount<T extends ToggledComment>(comment: T, delta: number): T {
  return { ...comment, comment_count: Math.max(0, comment.comment_count + delta) };
}

/** The @mention being typed just before the caret: where its @ is and the letters after it. */
export function mentionQueryAt(text: string, caret: number): { start: number; term: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|[^\w@])@([A-Za-z0-9_]{1,30})$/.exec(before);
  if (!match) return null;
  const term = match[2] ?? '';
  return { start: caret - term.length - 1, term };
}

/** The text with the mention being typed (from `start` to the caret) replaced by @username and a space; the caret after it. */
export function insertMention(text: string, start: number, caret: number, username: string): { text: string; caret: number } {
  const mention = `@${username} `;
  return { text: text.slice(0, start) + mention + text.slice(caret).replace(/^ /, ''), caret: start + mention.length };
}
