import { useCallback } from 'react';
import { ApiError, callResource } from '../api/http.ts';
import { getResource } from '../api/resources.ts';
import { useViewer } from '../app/context.ts';
import type { ResourceStore } from '../data/resource-store.ts';
import { useResourceStore } from '../data/resources.tsx';
import { useTranslation } from '../i18n/translate.tsx';
import { useToast } from '../ui/Toasts.tsx';
import { addToBoardFeeds, applyToPin, dropPin, forgetPickerLists, removeFromBoardFeeds, shiftPinCounts } from './cache-updates.ts';
import { rememberLastBoard, rememberMostRecentPin, takePostRepinUpsell } from './client-memory.ts';
import type { BoardChoice, SavablePin } from './types.ts';

/** The fields of a pin a save or an unsave changes; every cached copy of the pin gets them. */
type SaveFields = Pick<SavablePin, 'saved_info' | 'pinned_to_board' | 'privacy' | 'repin_count'>;

function fieldsOf(pin: SavablePin): SaveFields {
  return { saved_info: pin.saved_info, pinned_to_board: pin.pinned_to_board ?? null, privacy: pin.privacy ?? null, repin_count: pin.repin_count ?? 0 };
}

/** What a save guesses before the server answers: saved to the choice, one more save. */
function optimisticSave(pin: SavablePin, { board, section }: BoardChoice): SaveFields {
  return {
    saved_info: {
      board_id: board.id,
      local_pin_id: '',
      section_id: section?.id ?? null,
      title: section?.title ?? board.name,
      type: section ? 'section' : 'board',
      url: board.url,
    },
    pinned_to_board: board,
    privacy: board.privacy,
    repin_count: (pin.repin_count ?? 0) + 1,
  };
}

export type SavePin = {
  save: (pin: SavablePin, choice: BoardChoice) => Promise<SavablePin>;
  unsave: (pin: SavablePin) => Promise<void>;
};

/**
 * Saving and unsaving with optimistic updates: every grid showing the pin changes at once and
 * goes back if the server refuses. A successful save is the quick save's next target, joins the
 * most-recent-pin list and may show the post-repin upsell ("Saved to <board>").
 */
export function useSavePin(): SavePin {
  const store = useResourceStore();
  const viewer = useViewer();
  const { t } = useTranslation();
  const { showToast } = useToast();
  const viewerId = viewer?.id ?? '';

  const save = useCallback(
    async (pin: SavablePin, choice: BoardChoice): Promise<SavablePin> => {
      const before = fieldsOf(pin);
      applyToPin(store, pin.id, optimisticSave(pin, choice));
      let saved: SavablePin;
      try {
        saved = await callResource('RepinResource', 'create', {
          pin_id: pin.id,
          board_id: choice.board.id,
          section_id: choice.section?.id ?? null,
        });
      } catch (error) {
        applyToPin(store, pin.id, before);
        throw error;
      }
      applyToPin(store, pin.id, fieldsOf(saved));
      // Saving where it already is answers the existing save: nothing to add or count then.
      if ((saved.repin_count ?? 0) > (before.repin_count ?? 0)) {
        addToBoardFeeds(store, saved, choice);
        shiftPinCounts(store, choice.board.id, choice.section?.id ?? null, 1);
      }
      forgetPickerLists(store);
      rememberLastBoard(viewerId, choice.board);
      rememberMostRecentPin(viewerId, { id: pin.id, imageSignatures: pin.image_signature ? [pin.image_signature] : [] });
      if (takePostRepinUpsell(viewerId, choice.board.id)) {
        showToast(t('save.savedTo', { board: choice.section?.title ?? choice.board.name }), undefined, { href: choice.board.url, label: t('save.seeBoard') });
      }
      return saved;
    },
    [store, viewerId, showToast, t],
  );

  const unsave = useCallback(
    async (pin: SavablePin): Promise<void> => {
      const info = pin.saved_info;
      if (!info) return;
      const before = fieldsOf(pin);
      applyToPin(store, pin.id, { saved_info: null, pinned_to_board: null, privacy: null, repin_count: Math.max(0, (pin.repin_count ?? 1) - 1) });
      try {
        await callResource('RepinResource', 'delete', { id: info.local_pin_id });
      } catch (error) {
        applyToPin(store, pin.id, before);
        throw error;
      }
      removeFromBoardFeeds(store, pin.id, { id: info.board_id, url: info.url });
      shiftPinCounts(store, info.board_id, info.section_id, -1);
      forgetPickerLists(store);
      // The viewer may still have it on another board, which a fresh read of the pin tells.
      await refreshSaveFields(store, pin.id);
    },
    [store],
  );

  return { save, unsave };
}

/** Reads the pin again for its savedInfo; a pin no board holds any more (404) leaves every list. */
async function refreshSaveFields(store: ResourceStore, pinId: string): Promise<void> {
  try {
    applyToPin(store, pinId, fieldsOf(await getResource('PinResource', { id: pinId })));
  } catch (error) {
    if (error instanceof ApiError && error.httpStatus === 404) dropPin(store, pinId);
  }
}
