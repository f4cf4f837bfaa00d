/**
 * The board picker's list (viewer "Save" dropdown): the boards saved to most recently first, then
 * the rest in the server's order (by name), narrowed as the member types.
 */

export type PickerSection = 'recent' | 'all';
export type PickerBoard = { id: string; name: string; picker_section?: PickerSection | undefined };

/** What a typed query is compared as: trimmed, case folded, whitespace runs as one space. */
export function pickerQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
}

/** Whether a board's name contains the query (an empty query keeps every board). */
export function matchesPickerQuery(name: string, query: string): boolean {
  const wanted = pickerQuery(query);
  return wanted === '' || pickerQuery(name).includes(wanted);
}

/**
 * Recent boards first (in their order), then the others (in theirs), each board once even when
 * pages of a paged list overlap, keeping those whose name contains the query.
 */
export function orderPickerBoards<T extends PickerBoard>(boards: readonly T[], query = ''): T[] {
  const seen = new Set<string>();
  const recent: T[] = [];
  const rest: T[] = [];
  for (const board of boards) {
    if (seen.has(board.id)) continue;
    seen.add(board.id);
    if (!matchesPickerQuery(board.name, query)) continue;
    (board.picker_section === 'recent' ? recent : rest).push(board);
  }
  return [...recent, ...rest];
}
