import { useCallback } from 'react';
import { callResource } from '../api/http.ts';
import { useResourceStore } from '../data/resources.tsx';
import { addToBoardFeeds, applyToPin, dropPin, removeFromBoardFeeds, shiftPinCounts } from '../save/cache-updates.ts';
import type { OptionsOf } from '../api/resource-types.ts';
import type { BoardChoice, SavablePin } from '../save/types.ts';
import type { PinJson } from '../../shared/contracts/pins.ts';
import type { PinTexts } from './PinTextFields.tsx';

/** A presented pin (src/shared/contracts/pins.ts) as far as editing it goes. */
export type EditablePin = SavablePin &
  Pick<PinJson, 'title' | 'description' | 'link' | 'alt_text'> &
  Partial<Pick<PinJson, 'comments_disabled' | 'is_hidden'>> & { pinner: Pick<PinJson['pinner'], 'id' | 'username'> };

/** What a PinResource update may change. */
export type PinEdits = Omit<OptionsOf<'PinResource', 'update'>, 'id'>;

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
export function pinChanges(pin: EditablePin, texts: PinTexts, commentsAllowed: boolean): PinEdits {
  const before = textsOf(pin);
  const changed: PinEdits = {};
  for (const key of ['title', 'description', 'link', 'alt_text'] as const) if (before[key] !== texts[key]) changed[key] = texts[key];
  if (commentsAllowed === (pin.comments_disabled ?? false)) changed.comments_disabled = !commentsAllowed;
  return changed;
}

/** The edits of the edit-pin dialog, each reaching every cached copy of the pin. */
export function usePinEdits() {
  const store = useResourceStore();

  const edit = useCallback(
    async (pin: EditablePin, changes: PinEdits) => {
      const updated = await callResource('PinResource', 'update', { id: pin.id, ...changes });
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
      const moved = await callResource('RepinResource', 'update', {
        id: info.local_pin_id,
        board_id: to.board.id,
        section_id: to.section?.id ?? null,
      });
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
