import { z } from 'zod';
import { StoryPinInput } from '../story-pin.ts';
import { lineText } from '../validation/signup.ts';
import { BoardPrivacy } from './boards.ts';
import { Bookmark, Id, multilineText } from './common.ts';
import { resourceContract } from './contract.ts';
import { MediaImages, MediaStatus, MediaVideos } from './media.ts';
import { PinAttribution, RichMetadata } from './pin-sources.ts';
import { StoryPinDataJson } from './story-pins.ts';
import { UserCard } from './user-cards.ts';

/**
 * Pins as every list, feed and page presents them (src/server/pins/pins.present.ts), and the calls
 * of the pins area. PinJson is the one declaration of a pin's JSON: search, feeds, boards and the
 * public API import it from here.
 */

export const BoardRef = z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: BoardPrivacy });
export type BoardRef = z.infer<typeof BoardRef>;

/** The save a pin is shown through (a board feed's row), if any. */
export const SaveContext = z.object({ id: z.string(), board_id: z.string(), section_id: z.string().nullable() });
export type SaveContext = z.infer<typeof SaveContext>;

/** The spec's savedInfo of the reader's latest save of the pin. */
export const SavedInfo = z.object({
  board_id: z.string(),
  local_pin_id: z.string(),
  section_id: z.string().nullable(),
  title: z.string(),
  type: z.enum(['board', 'section']),
  url: z.string(),
});
export type SavedInfo = z.infer<typeof SavedInfo>;

/** Reactions by type (the key is the type's number); a type nobody gave has no entry. */
export const ReactionCounts = z.record(z.string(), z.number());

/** The spec's aggregatedPinData.didItData: how many members tried the pin, and how many showed a photo. */
export const DidItData = z.object({ user_count: z.number(), images_count: z.number() });

/** A pin as viewer spec section 3 describes it, in snake case. */
export const PinJson = z.object({
  type: z.literal('pin'),
  id: z.string(),
  entity_id: z.string(),
  title: z.string(),
  grid_title: z.string(),
  description: z.string(),
  alt_text: z.string(),
  link: z.string().nullable(),
  domain: z.string().nullable(),
  created_at: z.iso.datetime(),
  is_video: z.boolean(),
  media_id: z.string().nullable(),
  /** processing until the media pipeline is done; the images then appear. */
  media_status: MediaStatus.nullable(),
  images: MediaImages.nullable(),
  /** Video pins: the renditions, and how often the pin was watched (the spec's seoViewCount). */
  videos: MediaVideos.extend({ seo_view_count: z.number() }).nullable(),
  dominant_color: z.string().nullable(),
  image_signature: z.string().nullable(),
  /** ThumbHash (base64) of the image, for a blurred placeholder while it loads. */
  placeholder: z.string().nullable(),
  comments_disabled: z.boolean(),
  is_unsafe: z.boolean(),
  is_hidden: z.boolean(),
  repin_count: z.number(),
  pinner: UserCard,
  board: BoardRef.nullable(),
  board_pin: SaveContext.nullable(),
  saved_info: SavedInfo.nullable(),
  pinned_to_board: BoardRef.nullable(),
  privacy: BoardPrivacy.nullable(),
  /** The web page the pin was made from, if it was. */
  attribution: PinAttribution.nullable(),
  /** The product, recipe or article the source page described. */
  rich_metadata: RichMetadata.nullable(),
  /** Story pins: the spec's storyPinDataId and story_pin_data (pages and blocks); null for other pins. */
  story_pin_data_id: z.string().nullable(),
  story_pin_data: StoryPinDataJson.nullable(),
  /** Reactions by type, and the reader's own (business spec, Pin state). */
  reaction_counts: ReactionCounts,
  reaction_by_me: z.number().nullable(),
  /** The spec's aggregatedPinData (didItData) and doneByMe: whether the reader tried the pin. */
  aggregated_pin_data: z.object({ did_it_data: DidItData }),
  done_by_me: z.boolean(),
});
export type PinJson = z.infer<typeof PinJson>;

// What a pin create, edit and save take.

/** Limits of the public API's pin model (reference/pinterest-api-v5.json). */
export const PIN_TITLE_MAX = 100;
export const PIN_DESCRIPTION_MAX = 800;
export const PIN_ALT_TEXT_MAX = 500;
export const PIN_LINK_MAX = 2048;

/** A destination link: http or https only (no javascript:, data: or file: on a click-through). */
export const PinLink = lineText(PIN_LINK_MAX)
  .transform((v) => v.trim())
  .refine((v) => {
    if (v === '') return true;
    try {
      const url = new URL(v);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Please enter a valid URL starting with http:// or https://');

/** A web address the server is asked to fetch: http or https, present, at most 2048 characters. */
export const WebUrl = PinLink.refine((value) => value !== '', 'Required');

const pinText = {
  title: lineText(PIN_TITLE_MAX)
    .transform((v) => v.trim())
    .optional(),
  description: multilineText(PIN_DESCRIPTION_MAX).optional(),
  alt_text: multilineText(PIN_ALT_TEXT_MAX).optional(),
  link: PinLink.optional(),
  comments_disabled: z.boolean().optional(),
};

/** A pin from an upload: the board (and section) it is saved to, the media, and its texts. */
export const PinFields = z.object({ board_id: Id, section_id: Id.nullable().optional(), media_id: Id, ...pinText });
export type PinFields = z.infer<typeof PinFields>;

export const PinChanges = z.object(pinText);
export type PinChanges = z.infer<typeof PinChanges>;

/** A story pin: the pin's fields, its pages, and `media_id` as the cover (the first page's picture or video when left out). */
export const StoryPinFields = PinFields.extend({ media_id: Id.optional(), story_pin_data: StoryPinInput });
export type StoryPinFields = z.infer<typeof StoryPinFields>;

/**
 * A pin made from a web page: the pin fields with `image_url` (an image the member picked, usually
 * one FindPinImagesResource found) and `source_url` (the page) instead of `media_id`. Title,
 * description and link default to the page's own.
 */
export const PinFromUrlFields = PinFields.omit({ media_id: true }).extend({ image_url: WebUrl, source_url: WebUrl });
export type PinFromUrlFields = z.infer<typeof PinFromUrlFields>;

/**
 * PinResource create takes one of three forms, told apart by the key it carries: story_pin_data,
 * else image_url, else an upload's media_id. Exactly one form can match, and a call that matches
 * none is answered with the first error of its own form, as if only that form existed.
 */
const NewPin = z.union(
  [
    StoryPinFields,
    PinFromUrlFields.extend({ story_pin_data: z.undefined().optional() }),
    PinFields.extend({ story_pin_data: z.undefined().optional(), image_url: z.undefined().optional() }),
  ],
  {
    error: (issue) => {
      if (!('errors' in issue)) return undefined;
      const input = (typeof issue.input === 'object' && issue.input !== null ? issue.input : {}) as Record<string, unknown>;
      const form = input['story_pin_data'] !== undefined ? 0 : input['image_url'] !== undefined ? 1 : 2;
      const first = issue.errors[form]?.[0];
      if (!first) return undefined;
      return first.path.length > 0 ? `${first.path.join('.')}: ${first.message}` : first.message;
    },
  },
);

const PinRef = z.object({ id: Id });

/**
 * PinResource: get {id}; create {board_id, section_id?, media_id, title?, ...} or, for a pin from a
 * web page, {board_id, image_url, source_url, ...} instead of media_id, or for a story pin
 * {board_id, story_pin_data, media_id? (the cover), ...}; update {id, ...}; delete {id}.
 */
export const PinResource = resourceContract({
  name: 'PinResource',
  sameForEveryVisitor: true,
  verbs: {
    get: { input: PinRef, output: PinJson },
    create: { input: NewPin, output: PinJson },
    update: { input: PinChanges.extend({ id: Id }), output: PinJson },
    delete: { input: PinRef, output: z.null() },
  },
});

/**
 * RepinResource: create {pin_id, board_id?, section_id?} saves (no board: a quick save) and answers
 * the pin with savedInfo, pinned_to_board and privacy; update {id, board_id?, section_id?} moves a
 * save; delete {id} unsaves. `id` is the save's (the spec's localPinId).
 */
export const RepinResource = resourceContract({
  name: 'RepinResource',
  verbs: {
    create: { input: z.object({ pin_id: Id, board_id: Id.optional(), section_id: Id.nullable().optional() }), output: PinJson },
    update: { input: z.object({ id: Id, board_id: Id.optional(), section_id: Id.nullable().optional() }), output: PinJson },
    delete: {
      input: PinRef,
      output: z.object({ pin_id: z.string(), local_pin_id: z.string(), board_id: z.string(), saved_info: z.null() }),
    },
  },
});

const HiddenPin = z.object({ pin_id: Id });
const HiddenState = z.object({ pin_id: z.string(), is_hidden: z.boolean() });

/** HiddenPinResource: create {pin_id} hides a pin from the caller's feeds; delete {pin_id} shows it again. */
export const HiddenPinResource = resourceContract({
  name: 'HiddenPinResource',
  verbs: { create: { input: HiddenPin, output: HiddenState }, delete: { input: HiddenPin, output: HiddenState } },
});

const ProfilePins = z.object({ username: z.string().min(1).max(100), bookmark: Bookmark });

/** UserPinsResource get {username, bookmark?}: the pins a profile created, 25 a page. */
export const UserPinsResource = resourceContract({
  name: 'UserPinsResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: ProfilePins, output: z.array(PinJson) } },
});

/** UserStoryPinsResource get {username, bookmark?}: the story pins a profile made, newest first (its story pins tab). */
export const UserStoryPinsResource = resourceContract({
  name: 'UserStoryPinsResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: ProfilePins, output: z.array(PinJson) } },
});

/** PinVideoViewResource create {pin_id}: the reader started the pin's video; counted once per viewer in a window. */
export const PinVideoViewResource = resourceContract({
  name: 'PinVideoViewResource',
  verbs: { create: { input: z.object({ pin_id: Id }), output: z.object({ counted: z.boolean() }) } },
});
