import { describe, expect, it } from 'vitest';
import {
  addToCommentCount,
  checkCommentText,
  COMMENT_MAX_LENGTH,
  highlightTargetMissing,
  insertMention,
  mentionQueryAt,
  mentionedUsernames,
  parseCommentTags,
  removeComment,
  removeUserComments,
  setHighlight,
  toggleHelpful,
  toggleLike,
  type ToggledComment,
} from '../../../src/shared/comments.ts';

const comment = (id: string, userId = 'u1', extra: Partial<ToggledComment> = {}): ToggledComment => ({
  id,
  user: { id: userId },
  reaction_counts: {},
  reaction_by_me: null,
  helpful_count: 0,
  marked_helpful_by_me: false,
  highlighted_by_pin_owner: false,
  comment_count: 0,
  ...extra,
});

describe('comment toggles (viewer spec section 4)', () => {
  it('like changes the reaction 1 count by plus or minus one', () => {
    const liked = toggleLike(comment('1', 'u1', { reaction_counts: { '1': 2 } }), true);
    expect(liked).toMatchObject({ reaction_counts: { '1': 3 }, reaction_by_me: 1 });
    expect(toggleLike(liked, true)).toBe(liked);
    expect(toggleLike(liked, false)).toMatchObject({ reaction_counts: { '1': 2 }, reaction_by_me: null });
    expect(toggleLike(comment('1', 'u1', { reaction_by_me: 1, reaction_counts: { '1': 1 } }), false).reaction_counts).toEqual({});
  });

  it('helpful changes helpful_count by one, never below 0', () => {
    expect(toggleHelpful(comment('1'), true)).toMatchObject({ helpful_count: 1, marked_helpful_by_me: true });
    expect(toggleHelpful(comment('1', 'u1', { marked_helpful_by_me: true, helpful_count: 0 }), false)).toMatchObject({
      helpful_count: 0,
      marked_helpful_by_me: false,
    });
    expect(toggleHelpful(comment('1', 'u1', { helpful_count: 4 }), false).helpful_count).toBe(4);
  });

  it('highlight sets highlighted_by_pin_owner', () => {
    expect(setHighlight(comment('1'), true).highlighted_by_pin_owner).toBe(true);
    expect(setHighlight(comment('1', 'u1', { highlighted_by_pin_owner: true }), false).highlighted_by_pin_owner).toBe(false);
  });

  it('delete or hide removes the comment; hiding for a user removes all that user’s comments', () => {
    const list = [comment('1', 'a'), comment('2', 'b'), comment('3', 'a')];
    expect(removeComment(list, '2').map((c) => c.id)).toEqual(['1', '3']);
    expect(removeUserComments(list, 'a').map((c) => c.id)).toEqual(['2']);
  });

  it('the comment count can be incremented, never below 0', () => {
    expect(addToCommentCount(comment('1'), 1).comment_count).toBe(1);
    expect(addToCommentCount(comment('1'), -1).comment_count).toBe(0);
  });
});

describe('comment validation (viewer spec section 5)', () => {
  it('highlighting a comment needs both a comment id and a pin id', () => {
    expect(highlightTargetMissing({ aggregated_comment: '1', pin: '2' })).toBeNull();
    expect(highlightTargetMissing({ pin: '2' })).toBe('aggregated_comment: Required');
    expect(highlightTargetMissing({ aggregated_comment: '1', pin: '' })).toBe('pin: Required');
  });

  it('a comment’s text is required once trimmed and has a length limit counted in characters', () => {
    expect(checkCommentText('  hi  ')).toEqual({ text: 'hi' });
    expect(checkCommentText(' \n\t ')).toEqual({ error: 'Required' });
    expect(checkCommentText('😀'.repeat(COMMENT_MAX_LENGTH))).toEqual({ text: '😀'.repeat(COMMENT_MAX_LENGTH) });
    expect(checkCommentText('a'.repeat(COMMENT_MAX_LENGTH + 1))).toHaveProperty('error');
  });

  it('mentions are @usernames, once each, not inside e-mail addresses', () => {
    expect(mentionedUsernames('@Anna and @bob_1, again @anna; mail me@example.com @x @toolong_toolong_toolong_toolong_')).toEqual(['anna', 'bob_1']);
  });

  it('tags are a JSON list of user tags', () => {
    expect(parseCommentTags('[{"tag_type":"user","user_id":"12"},{"tag_type":"user","user_id":"12"}]')).toEqual([{ tag_type: 'user', user_id: '12' }]);
    expect(parseCommentTags('nope')).toBe('tags: This is not JSON.');
    expect(parseCommentTags('{}')).toBe('tags: Tags are a list.');
    expect(parseCommentTags('[{"tag_type":"board","user_id":"1"}]')).toMatch(/^tags:/);
    expect(parseCommentTags('[{"tag_type":"user","user_id":"x1"}]')).toMatch(/^tags:/);
  });
});

describe('the mention typeahead', () => {
  it('finds the @name being typed before the caret', () => {
    expect(mentionQueryAt('hi @an', 6)).toEqual({ start: 3, term: 'an' });
    expect(mentionQueryAt('@bo', 3)).toEqual({ start: 0, term: 'bo' });
    expect(mentionQueryAt('mail me@ex', 10)).toBeNull();
    expect(mentionQueryAt('hi @an there', 12)).toBeNull();
    expect(mentionQueryAt('hi @', 4)).toBeNull();
  });

  it('replaces it with the chosen @username and a space', () => {
    expect(insertMention('hi @an', 3, 6, 'anna')).toEqual({ text: 'hi @anna ', caret: 9 });
    expect(insertMention('hi @an, you', 3, 6, 'anna')).toEqual({ text: 'hi @anna , you', caret: 9 });
    expect(insertMention('hi @an there', 3, 6, 'anna')).toEqual({ text: 'hi @anna there', caret: 9 });
  });
});
