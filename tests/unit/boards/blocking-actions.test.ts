import { describe, expect, it } from 'vitest';
import {
  NO_BLOCKING_ACTIONS,
  WHOLE_BOARD,
  blockingActionsOf,
  blocks,
  groupBlockingActions,
  placeOfSaves,
  progressOf,
  type BlockingActionCore,
} from '../../../src/shared/blocking-actions.ts';

const action = (id: string, created: number, section: string | null): BlockingActionCore => ({
  id,
  created_timestamp: created,
  progress: 0,
  section_id: section,
});

describe('blocking actions are grouped per board into a whole-board action, an unorganized action and actions by section', () => {
  it('puts section id -1 on the whole board, no section in unorganized and the rest by their section, newest first', () => {
    const groups = groupBlockingActions([
      action('1', 10, WHOLE_BOARD),
      action('2', 30, WHOLE_BOARD),
      action('3', 20, null),
      action('4', 5, '77'),
      action('5', 15, '77'),
      action('6', 12, '88'),
    ]);
    expect(groups.board?.id).toBe('2');
    expect(groups.unorganized?.id).toBe('3');
    expect(Object.fromEntries(Object.entries(groups.sections).map(([s, list]) => [s, list.map((a) => a.id)]))).toEqual({ '77': ['5', '4'], '88': ['6'] });
  });

  it('leaves each group empty when it has no action', () => {
    expect(groupBlockingActions([])).toEqual({ board: null, unorganized: null, sections: {} });
    expect(groupBlockingActions([action('1', 1, '9')])).toMatchObject({ board: null, unorganized: null });
  });

  it('breaks a tie of creation times by the larger id first', () => {
    expect(groupBlockingActions([action('1', 7, null), action('2', 7, null)]).unorganized?.id).toBe('2');
  });
});

describe('fetching blocking actions fails with the spec text when the response has none', () => {
  it('fails on a missing, null or empty list', () => {
    for (const data of [undefined, null, {}, { blocking_actions: null }, { blocking_actions: [] }]) {
      expect(() => blockingActionsOf(data)).toThrow(NO_BLOCKING_ACTIONS);
    }
    expect(NO_BLOCKING_ACTIONS).toBe('No blocking actions found in the response');
  });

  it('answers the actions the response carries', () => {
    const list = [action('1', 1, null)];
    expect(blockingActionsOf({ blocking_actions: list })).toBe(list);
  });
});

describe('a running action blocks edits of the place it holds', () => {
  it('a whole-board action blocks every place, and a whole-board edit waits for every action', () => {
    for (const place of [undefined, null, '5']) expect(blocks(WHOLE_BOARD, place)).toBe(true);
    for (const held of [null, '5']) expect(blocks(held, undefined)).toBe(true);
  });

  it('a section or the unorganized part blocks only itself', () => {
    expect(blocks('5', '5')).toBe(true);
    expect(blocks('5', '6')).toBe(false);
    expect(blocks('5', null)).toBe(false);
    expect(blocks(null, null)).toBe(true);
    expect(blocks(null, '5')).toBe(false);
  });
});

describe('an action holds the one section of its pins, the unorganized part, or else the whole board', () => {
  it('takes the place the selected saves share', () => {
    expect(placeOfSaves(['5', '5'])).toBe('5');
    expect(placeOfSaves([null, null])).toBeNull();
    expect(placeOfSaves(['5', null])).toBe(WHOLE_BOARD);
    expect(placeOfSaves(['5', '6'])).toBe(WHOLE_BOARD);
  });
});

describe('progress is the share of steps done, 0 to 100', () => {
  it('rounds down, never passes 100, and an empty action is complete', () => {
    expect(progressOf(0, 45)).toBe(0);
    expect(progressOf(20, 45)).toBe(44);
    expect(progressOf(45, 45)).toBe(100);
    expect(progressOf(50, 45)).toBe(100);
    expect(progressOf(0, 0)).toBe(100);
  });
});
