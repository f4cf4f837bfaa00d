import { describe, expect, it } from 'vitest';
import { actionsFor, affectsSubject, isActionable, isBlankFeedback, mayAppeal, MODERATION_ACTIONS } from '../../../src/shared/moderation.ts';

describe('moderation rules', () => {
  it('offers hiding only for a pin, and member actions only when the case names a subject', () => {
    expect(actionsFor('pin', true)).toEqual(['dismiss', 'hide_pin', 'warn', 'write_ban', 'suspend', 'restore']);
    expect(actionsFor('member', true)).toEqual(['dismiss', 'warn', 'write_ban', 'suspend', 'restore']);
    expect(actionsFor('comment', false)).toEqual(['dismiss', 'remove_comment']);
    expect(actionsFor('comment', true)).toEqual(['dismiss', 'remove_comment', 'warn', 'write_ban', 'suspend', 'restore']);
    expect(actionsFor('conversation', false)).not.toContain('hide_pin');
    expect(actionsFor('tried_it', true)).toEqual(['dismiss', 'remove_tried_it', 'warn', 'write_ban', 'suspend', 'restore']);
    expect(actionsFor('pin', true)).not.toContain('remove_tried_it');
    expect(actionsFor('comment', true)).not.toContain('remove_tried_it');
  });

  it('tells and lets appeal the subject only of decisions that affect them', () => {
    expect(MODERATION_ACTIONS.filter(affectsSubject)).toEqual(['hide_pin', 'remove_comment', 'remove_tried_it', 'warn', 'write_ban', 'suspend']);
  });

  it('works a case while open or appealed, never once closed', () => {
    expect(isActionable('open')).toBe(true);
    expect(isActionable('appealed')).toBe(true);
    expect(isActionable('closed')).toBe(false);
  });

  it('allows one appeal of a closed case whose last decision affected the subject', () => {
    expect(mayAppeal({ status: 'closed', lastAction: 'hide_pin', appealed: false })).toBe(true);
    expect(mayAppeal({ status: 'closed', lastAction: 'hide_pin', appealed: true })).toBe(false);
    expect(mayAppeal({ status: 'closed', lastAction: 'dismiss', appealed: false })).toBe(false);
    expect(mayAppeal({ status: 'closed', lastAction: 'restore', appealed: false })).toBe(false);
    expect(mayAppeal({ status: 'appealed', lastAction: 'write_ban', appealed: false })).toBe(false);
    expect(mayAppeal({ status: 'closed', lastAction: null, appealed: false })).toBe(false);
  });

  it('counts blank or whitespace-only feedback as sent with no call (spec section 4)', () => {
    expect(isBlankFeedback('')).toBe(true);
    expect(isBlankFeedback(' \n\t ')).toBe(true);
    expect(isBlankFeedback(' ok ')).toBe(false);
  });
});
