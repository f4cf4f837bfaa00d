import { useCallback } from 'react';
import { callResource } from '../api/http.ts';
import { useResourceStore } from '../data/resources.tsx';
import { addToBoardFeeds, applyToPin, dropPin, removeFromBoardFeeds, shiftPinCounts } from '../save/cache-updates.ts';
import type { BoardChoice, SavablePin } from '../save/types.ts';
import type { PinTexts } from './PinTextFields.tsx';

/** A presented pin as far as editing it goes. */
export type EditablePin = SavablePin & {
  title: string;
  description: string;
  link: string | null;
  alt_text: string;
  comments_disabled?: boolean;
  is_hidden?: boolean;
  pinner: { id: string; username: string };
};

export function textsOf(pin: EditablePin): PinTexts {
  return { title: pin.title, description: pin.description, link: pin.link ?? '', alt_text: pin.alt_text };
}

/** The save's current place, for the board field: its board and its section (savedInfo titles a section save by the section). */
export function choiceOf(pin: EditablePin): BoardChoice | null {
  const info = pin.saved_info;
  const board = pin.pinned_to_board;
  if (!info || !board) return null;
  return { board, section: info.section_id ? { id: info.section_id, title: info.title } : null };
}

/** The fields that changed, so an untouched pin is not rewritten. */
export function pinChanges(pin: EditablePin, texts: PinTexts, commentsAllowed: boolean): Record<string, unknown> {
  const before = textsOf(pin);
  const changed: Record<string, unknown> = Object.fromEntries(Object.entries(texts).filter(([key, value]) => before[key as keyof PinTexts] !== value));
  if (commentsAllowed === (pin.comments_disabled ?? false)) changed['comments_disabled'] = !commentsAllowed;
  return changed;
}

/** The edits of the edit-pin dialog, each reaching every cached copy of the pin. */
export function usePinEdits() {
  const store = useResourceStore();

  const edit = useCallback(
    async (pin: EditablePin, changes: Record<string, unknown>) => {
      const updated = (await callResource('PinResource', 'update', { id: pin.id, ...changes })) as EditablePin & { domain: string | null; grid_title: string };
      const { title, grid_title, description, link, domain, alt_text, comments_disabled } = updated;
      applyToPin(store, pin.id, { title, grid_title, description, link, domain, alt_text, comments_disabled });
    },
    [store],
  );

  /** RepinResource update: the viewer's save goes to another board or section. */
  const move = useCallback(
    async (pin: EditablePin, from: BoardChoice, to: BoardChoice) => {
      const info = pin.saved_info;
      if (!info) return;
      const moved = (await callResource('RepinResource', 'update', {
        id: info.local_pin_id,
        board_id: to.board.id,
        section_id: to.section?.id ?? null,
      })) as SavablePin;
      const { saved_info, pinned_to_board, privacy } = moved;
      applyToPin(store, pin.id, { saved_info, pinned_to_board, privacy });
      removeFromBoardFeeds(store, pin.id, from.board);
      addToBoardFeeds(store, moved, to);
      shiftPinCounts(store, from.board.id, from.section?.id ?? null, -1);
      shiftPinCounts(store, to.board.id, to.section?.id ?? null, 1);
    },
    [store],
  );

  const setHidden = useCallback(
    async (pin: SavablePin, hidden: boolean) => {
      await callResource('HiddenPinResource', hidden ? 'create' : 'delete', { pin_id: pin.id });
      applyToPin(store, pin.id, { is_hidden: hidden });
      // A hidden pin leaves the viewer's grids; the pin page keeps it, marked, to unhide.
      if (hidden) {
        store.changeFeeds(
          (request) => request.name !== 'PinResource',
          (items) => (items.some((i) => (i as { id?: unknown }).id === pin.id) ? items.filter((i) => (i as { id?: unknown }).id !== pin.id) : items),
        );
      }
    },
    [store],
  );

  /** The creator's delete: off every board, out of every list. */
  const remove = useCallback(
    async (pin: SavablePin) => {
      await callResource('PinResource', 'delete', { id: pin.id });
      dropPin(store, pin.id);
    },
    [store],
  );

  return { edit, move, setHidden, remove };
}
