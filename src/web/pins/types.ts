/** The parts of the server's pin and user JSON (src/server/pins/pins.present.ts, social/user-cards.ts) the grid and pin page read. */
import type { ReactionCounts } from '../../shared/reactions.ts';
import type { RichMetadata } from '../../shared/rich-metadata.ts';
import type { StoryPinDataJson } from '../../shared/story-pin.ts';

export type MediaImage = { url: string; width: number; height: number; dominant_color: string | null };

/** A user as seen on pins, boards and lists (viewer spec section 3, "User"). */
export type UserCard = {
  type: 'user';
  id: string;
  username: string;
  full_name: string;
  first_name: string;
  profile_url: string;
  image_small_url: string | null;
  image_medium_url: string | null;
  image_large_url: string | null;
  follower_count: number;
  explicitly_followed_by_me: boolean;
  blocked_by_me: boolean;
};

export type BoardPrivacy = 'public' | 'secret';
export type BoardRef = { id: string; name: string; url: string; privacy: BoardPrivacy };

export type SavedInfo = { board_id: string; local_pin_id: string; section_id: string | null; title: string; type: 'board' | 'section'; url: string };

/** Duration in milliseconds. */
export type MediaVideo = { url: string; width: number; height: number; duration: number; thumbnail: string | null };

/** Viewer spec section 3, Pin.attribution. */
export type PinAttribution = { author_name: string | null; author_url: string | null; provider_name: string | null; url: string };

export type PinJson = {
  type: 'pin';
  id: string;
  title: string;
  grid_title: string;
  description: string;
  alt_text: string;
  link: string | null;
  domain: string | null;
  created_at: string;
  is_video: boolean;
  media_status: 'processing' | 'ready' | 'failed' | null;
  images: Record<string, MediaImage> | null;
  /** Video pins: the renditions, and how often the pin was watched (seoViewCount). */
  videos: { video_list: Record<string, MediaVideo>; seo_view_count: number } | null;
  dominant_color: string | null;
  image_signature: string | null;
  /** ThumbHash (base64) of the image, for a blurred placeholder while it loads. */
  placeholder: string | null;
  repin_count: number;
  pinner: UserCard;
  board: BoardRef | null;
  saved_info: SavedInfo | null;
  pinned_to_board: BoardRef | null;
  privacy: BoardPrivacy | null;
  attribution: PinAttribution | null;
  rich_metadata: RichMetadata | null;
  /** Story pins only (src/shared/story-pin.ts); absent where a feed's query does not ask for it (the related feed). */
  story_pin_data?: StoryPinDataJson | null;
  /** Reactions by type and the viewer's own; absent where a feed's query does not ask for them (the related feed). */
  reaction_counts?: ReactionCounts;
  reaction_by_me?: number | null;
};
