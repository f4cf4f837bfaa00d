import { describe, expect, it } from 'vitest';
import { matchesPickerQuery, orderPickerBoards, pickerQuery, type PickerBoard } from '../../../src/shared/board-picker.ts';

const board = (id: string, name: string, recent = false): PickerBoard => ({ id, name, picker_section: recent ? 'recent' : 'all' });

describe('board picker: recent boards first, then the rest, narrowed as the member types', () => {
  const boards = [board('a', 'Apple pies'), board('r1', 'Road trips', true), board('b', 'Bathrooms'), board('r2', 'Recipes', true)];

  it('puts the recent boards first in their order, then the others in theirs', () => {
    expect(orderPickerBoards(boards).map((b) => b.id)).toEqual(['r1', 'r2', 'a', 'b']);
  });

  it('keeps boards whose name contains the query, ignoring case and surrounding space', () => {
    expect(orderPickerBoards(boards, '  RE ').map((b) => b.id)).toEqual(['r2']);
    expect(orderPickerBoards(boards, 'p').map((b) => b.id)).toEqual(['r1', 'r2', 'a']);
    expect(orderPickerBoards(boards, 'zzz')).toEqual([]);
  });

  it('compares runs of whitespace as one space', () => {
    expect(matchesPickerQuery('Road   trips', 'road trips')).toBe(true);
    expect(pickerQuery('  Road \t Trips ')).toBe('road trips');
  });

  it('lists each board once when pages overlap', () => {
    const overlapping = [...boards, board('a', 'Apple pies'), board('r1', 'Road trips', true)];
    expect(orderPickerBoards(overlapping).map((b) => b.id)).toEqual(['r1', 'r2', 'a', 'b']);
  });

  it('treats a board without a picker section as one of the others', () => {
    expect(orderPickerBoards([{ id: 'x', name: 'X' }, board('r', 'R', true)]).map((b) => b.id)).toEqual(['r', 'x']);
  });
});
