import { useCallback } from 'react';
import { prependNewPin } from '../../shared/resource-cache.ts';
import { callResource } from '../api/http.ts';
import { useViewer } from '../app/context.ts';
import { useResourceStore } from '../data/resources.tsx';
import { addToBoardFeeds, forgetPickerLists, shiftPinCounts } from '../save/cache-updates.ts';
import { rememberLastBoard, rememberMostRecentPin } from '../save/client-memory.ts';
import type { BoardChoice, SavablePin } from '../save/types.ts';
import type { PinTexts } from './PinTextFields.tsx';
import type { StoryPinInputFields } from '../../shared/story-pin.ts';

/**
 * Where the pin's picture comes from: an upload, an image on a web page (read by the server), or
 * for a story pin its pages, with the upload of its cover.
 */
export type PinSource = { media_id: string } | { image_url: string; source_url: string } | { media_id: string; story_pin_data: StoryPinInputFields };

export type CreatePinInput = { source: PinSource; texts: PinTexts; choice: BoardChoice; commentsAllowed: boolean };

/** Empty texts are left out, so the server keeps its defaults. */
function textOptions(texts: PinTexts): Partial<PinTexts> {
  return Object.fromEntries(Object.entries(texts).filter(([, value]) => value.trim() !== ''));
}

/**
 * PinResource create, then the new pin heads the cached feeds of its board (and section) and of
 * the creator's created pins (and story pins), after up to two leading stories; it becomes the quick save's board
 * and joins the most-recent-pin list. Answers the new pin.
 */
export function usePublishPin(): (input: CreatePinInput) => Promise<SavablePin> {
  const store = useResourceStore();
  const viewer = useViewer();
  return useCallback(
    async ({ source, texts, choice, commentsAllowed }: CreatePinInput) => {
      const pin = await callResource('PinResource', 'create', {
        ...source,
        ...textOptions(texts),
        board_id: choice.board.id,
        section_id: choice.section?.id ?? null,
        comments_disabled: !commentsAllowed,
      });
      addToBoardFeeds(store, pin, choice);
      shiftPinCounts(store, choice.board.id, choice.section?.id ?? null, 1);
      if (viewer) {
        const mine = viewer.username.toLowerCase();
        // A story also heads the profile's story pins tab.
        const feeds = 'story_pin_data' in source ? ['UserPinsResource', 'UserStoryPinsResource'] : ['UserPinsResource'];
        store.changeFeeds(
          (r) => feeds.includes(r.name) && typeof r.options['username'] === 'string' && r.options['username'].toLowerCase() === mine,
          (items) => prependNewPin(items as { type?: unknown }[], pin),
        );
        rememberLastBoard(viewer.id, choice.board);
        rememberMostRecentPin(viewer.id, { id: pin.id, imageSignatures: pin.image_signature ? [pin.image_signature] : [] });
      }
      forgetPickerLists(store);
      return pin;
    },
    [store, viewer],
  );
}
