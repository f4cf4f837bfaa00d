import { z } from 'zod';
import { BoardLink, onBoard, SectionSlug } from './boards.ts';
import { Bookmark, Id } from './common.ts';
import { resourceContract } from './contract.ts';
import { PinJson } from './pins.ts';

/**
 * BoardFeedResource get {board_id or username+slug, section_id? or section_slug?, bookmark?}: a
 * board's pins (section_id null: those in no section), 25 a page, '-end-' after the last.
 */
export const BoardFeedResource = resourceContract({
  name: 'BoardFeedResource',
  sameForEveryVisitor: true,
  verbs: {
    get: {
      input: onBoard({ section_id: Id.nullable().optional(), section_slug: SectionSlug.optional(), bookmark: Bookmark }),
      output: z.array(PinJson),
    },
  },
});

export const HOME_REASONS = ['followed_user', 'followed_board', 'followed_interest', 'saved_pin', 'popular'] as const;

/**
 * Why a pin is on the reader's home feed, with what the reason names: the person who saved it,
 * the followed board or topic, the reader's save the walk started from. A popular pin names itself.
 */
export const HomeRecommendationReason = z.object({
  reason: z.enum(HOME_REASONS),
  reason_id: z.string(),
  user: z.object({ id: z.string(), username: z.string(), full_name: z.string(), url: z.string() }).optional(),
  board: BoardLink.optional(),
  interest: z.object({ id: z.string(), name: z.string(), url: z.string() }).optional(),
  pin: z.object({ id: z.string(), title: z.string(), url: z.string() }).optional(),
});
export type HomeRecommendationReason = z.infer<typeof HomeRecommendationReason>;

export const HomePinJson = PinJson.extend({ recommendation_reason: HomeRecommendationReason });
export type HomePinJson = z.infer<typeof HomePinJson>;

/**
 * UserHomefeedResource get {bookmark?}: the signed-in reader's home feed (`/` and `/homefeed/`),
 * pins each with `recommendation_reason`, 25 a page; a visitor is asked to sign in (401).
 */
export const UserHomefeedResource = resourceContract({
  name: 'UserHomefeedResource',
  verbs: { get: { input: z.object({ bookmark: Bookmark }), output: z.array(HomePinJson) } },
});

/**
 * LandingPinsResource get {}: the signed-out home's pins, fresh and popular, mixed by topic
 * (docs/decisions/0038-landing-pins.md); listed pins only, one page, no bookmark.
 */
export const LandingPinsResource = resourceContract({
  name: 'LandingPinsResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: z.object({}), output: z.array(PinJson) } },
});

/**
 * RelatedPinFeedResource get {pin_id, bookmark?}: a pin's related feed ("more like this"), 12 a
 * page, the same service and bookmarks as CloseupRelatedModulesFeedQuery. The page server reads
 * its first page so visitors and search engines get the related pins in the HTML; the browser
 * goes on with the query from its bookmark.
 */
export const RelatedPinFeedResource = resourceContract({
  name: 'RelatedPinFeedResource',
  sameForEveryVisitor: true,
  verbs: { get: { input: z.object({ pin_id: Id, bookmark: Bookmark }), output: z.array(PinJson) } },
});
