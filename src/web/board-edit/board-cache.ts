import type { ResourceStore } from '../data/resource-store.ts';

/** After a board is made, renamed, archived or removed: the member's board lists and the picker read fresh. */
export function forgetBoardLists(store: ResourceStore, username: string): void {
  store.invalidate(
    (r) =>
      r.name === 'BoardPickerBoardsResource' ||
      (r.name === 'BoardsFeedResource' && typeof r.options['username'] === 'string' && r.options['username'].toLowerCase() === username.toLowerCase()),
  );
}

/** A board's new JSON in every cached copy (its page, lists, the picker keeps its own flags). */
export function applyToBoard(store: ResourceStore, board: { id: string } & Record<string, unknown>): void {
  store.changeItems((item) => (item['type'] === 'board' && item['id'] === board.id ? { ...item, ...board } : undefined));
}
