import type { PinAttribution } from '../../shared/contracts/pin-sources.ts';
import type { BoardRef, PinJson as ServerPin } from '../../shared/contracts/pins.ts';

/**
 * A pin as the grid and the pin page read it: the server's PinJson (src/shared/contracts/pins.ts),
 * as far as a pin shown from a GraphQL answer has it too (the related feed, the closeup's query).
 */
type Read =
  | 'type'
  | 'id'
  | 'title'
  | 'grid_title'
  | 'description'
  | 'alt_text'
  | 'link'
  | 'domain'
  | 'created_at'
  | 'is_video'
  | 'media_status'
  | 'images'
  | 'videos'
  | 'dominant_color'
  | 'image_signature'
  | 'placeholder'
  | 'repin_count'
  | 'pinner'
  | 'board'
  | 'saved_info'
  | 'pinned_to_board'
  | 'privacy'
  | 'rich_metadata';

export type PinJson = Pick<ServerPin, Read> & {
  /** Viewer spec section 3, Pin.attribution; the queries leave out its licence and embed. */
  attribution: (Pick<PinAttribution, 'author_name' | 'author_url' | 'provider_name' | 'url'> & Partial<PinAttribution>) | null;
} & Partial<Pick<ServerPin, 'story_pin_data' | 'reaction_counts' | 'reaction_by_me' | 'aggregated_pin_data' | 'done_by_me' | 'comments_disabled'>>; // Absent where a feed's query does not ask for them (the related feed).

export type BoardPrivacy = BoardRef['privacy'];
