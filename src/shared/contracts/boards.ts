import { z } from 'zod';
import { BOARD_SORTS } from '../profile-view.ts';
import { lineText } from '../validation/signup.ts';
import { Bookmark, Id, multilineText } from './common.ts';
import { resourceContract } from './contract.ts';
import { MediaImages } from './media.ts';
import { UserCard } from './user-cards.ts';

export const BOARD_NAME_MAX = 50;
export const BOARD_DESCRIPTION_MAX = 500;
export const SECTION_TITLE_MAX = 180;

export const BoardName = lineText(BOARD_NAME_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(BOARD_NAME_MAX, `Board names can be at most ${BOARD_NAME_MAX} characters.`));

export const SectionTitle = lineText(SECTION_TITLE_MAX + 20)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Required').max(SECTION_TITLE_MAX));

export const BoardPrivacy = z.enum(['public', 'secret']);

export const BoardFields = z.object({
  name: BoardName,
  description: multilineText(BOARD_DESCRIPTION_MAX).optional(),
  privacy: BoardPrivacy.optional(),
});
export type BoardFields = z.infer<typeof BoardFields>;

export const BoardChanges = z.object({
  name: BoardName.optional(),
  description: multilineText(BOARD_DESCRIPTION_MAX).optional(),
  privacy: BoardPrivacy.optional(),
  cover_pin_id: Id.nullable().optional(),
});
export type BoardChanges = z.infer<typeof BoardChanges>;

export const BoardIdInput = z.object({ board_id: Id });
export const SectionIdInput = z.object({ section_id: Id });
export const SectionSlug = z.string().min(1).max(200);

/**
 * A board by its URL (/:username/:slug/), what a page knows before it has loaded the board. A
 * board_id given beside it is bad input rather than ignored.
 */
const BoardPath = z.object({ username: z.string().min(1).max(100), slug: z.string().min(1).max(200), board_id: z.never().optional() });

/** A board named by {board_id}, or by {username, slug} as in its URL, with the call's other fields. */
export function onBoard<S extends z.ZodRawShape>(shape: S) {
  return z.union([BoardIdInput.extend(shape), BoardPath.extend(shape)]);
}

/** Where the viewer stands on collaborating: not invited, invited, asked to join, or in. */
export const CollaboratorStatusForViewer = z.enum(['not_invited', 'invited', 'requested', 'accepted']);
export const BoardAccessList = z.array(z.enum(['write', 'delete']));

/** A board as the spec's entity (business spec section 3, viewer spec section 3), for a reader allowed to see it. */
export const BoardJson = z.object({
  type: z.literal('board'),
  id: z.string(),
  entity_id: z.string(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  description: z.string(),
  privacy: BoardPrivacy,
  layout: z.literal('default'),
  created_at: z.iso.datetime(),
  board_pins_modified_at: z.iso.datetime().nullable(),
  owner: UserCard,
  pin_count: z.number(),
  sectionless_pin_count: z.number(),
  section_count: z.number(),
  follower_count: z.number(),
  collaborator_count: z.number(),
  followed_by_me: z.boolean(),
  collaborated_by_me: z.boolean(),
  is_collaborative: z.boolean(),
  collaborating_users: z.array(UserCard),
  access: BoardAccessList,
  viewer_collaborator_status: CollaboratorStatusForViewer,
  viewer_collaborator_join_requested: z.boolean(),
  pending_ownership_transfer: z.object({ user: UserCard }).nullable(),
  archived_by_me_at: z.iso.datetime().nullable(),
  is_quicksave: z.boolean(),
  cover_pin: z.object({ id: z.string(), media_id: z.string().nullable() }).nullable(),
  /** The cover pin's images, keyed by size. */
  cover_images: MediaImages.nullable(),
  images: z.null(),
  sensitivity: z.null(),
  sensitivity_screen: z.object({ reason: z.null(), show_warning: z.literal(false) }),
  has_fresh_more_ideas_tab: z.literal(false),
});
export type BoardJson = z.infer<typeof BoardJson>;

/** A board as a link names it (a recommendation's reason): its name and where it is. */
export const BoardLink = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type BoardLink = z.infer<typeof BoardLink>;

export const SectionJson = z.object({
  type: z.literal('board_section'),
  id: z.string(),
  board_id: z.string(),
  title: z.string(),
  slug: z.string(),
  pin_count: z.number(),
  created_at: z.iso.datetime(),
  /** The images of the section's newest pin, keyed by size (the cover of the sections row). */
  cover_images: MediaImages.nullable(),
});
export type SectionJson = z.infer<typeof SectionJson>;

/** A board of the picker: where it is listed ('recent' first, then 'all'), and whether it holds the pin asked about. */
export const PickerBoardJson = BoardJson.extend({ picker_section: z.enum(['recent', 'all']), saved_here: z.boolean() });
export type PickerBoardJson = z.infer<typeof PickerBoardJson>;

/** BoardResource: get {board_id} or {username, slug}; create; update (also archive); delete. */
export const BoardResource = resourceContract({
  name: 'BoardResource',
  sameForEveryVisitor: true,
  verbs: {
    get: { input: onBoard({}), output: BoardJson },
    create: { input: BoardFields, output: BoardJson },
    update: { input: BoardChanges.extend({ board_id: Id, archived: z.boolean().optional() }), output: BoardJson },
    delete: { input: BoardIdInput, output: z.null() },
  },
});

/**
 * BoardSectionResource: get {section_id} reads one, {board_id} (or {username, slug}) lists, and
 * {username, slug, section_slug} reads one by its URL; create {board_id, title}; update
 * {section_id, title}; delete {section_id}.
 */
export const BoardSectionResource = resourceContract({
  name: 'BoardSectionResource',
  sameForEveryVisitor: true,
  verbs: {
    get: {
      input: z.union([SectionIdInput, onBoard({ section_id: z.never().optional(), section_slug: SectionSlug.optional() })]),
      output: z.union([SectionJson, z.array(SectionJson)]),
    },
    create: { input: BoardIdInput.extend({ title: SectionTitle }), output: SectionJson },
    update: { input: SectionIdInput.extend({ title: SectionTitle }), output: SectionJson },
    delete: { input: SectionIdInput, output: z.null() },
  },
});

/** BoardsFeedResource get {username, sort?, archived?, bookmark?}: a profile's boards, 25 a page. */
export const BoardsFeedResource = resourceContract({
  name: 'BoardsFeedResource',
  sameForEveryVisitor: true,
  verbs: {
    get: {
      input: z.object({
        username: z.string().min(1).max(100),
        sort: z.enum(BOARD_SORTS).default('last_saved'),
        archived: z.boolean().default(false),
        bookmark: Bookmark,
      }),
      output: z.array(BoardJson),
    },
  },
});

/** BoardPickerBoardsResource get {query?, pin_id?, bookmark?}: boards to save to, recent ones first. */
export const BoardPickerBoardsResource = resourceContract({
  name: 'BoardPickerBoardsResource',
  verbs: {
    get: { input: z.object({ query: z.string().max(100).optional(), pin_id: Id.optional(), bookmark: Bookmark }), output: z.array(PickerBoardJson) },
  },
});
