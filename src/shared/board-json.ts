import type { MediaImage } from './media-image.ts';

/**
 * A board as the server presents it (src/server/boards/boards.present.ts; business spec section
 * 3, viewer spec section 3), declared once for the server and the browser screens that read a
 * part of it (a Pick of this). `User` is each side's own user card: the server's whole card
 * (src/server/social/user-cards.ts), or the fields a screen reads of it.
 */

/** Where the viewer stands on collaborating: not invited, invited, asked to join, or in. */
export type CollaboratorStatusForViewer = 'not_invited' | 'invited' | 'requested' | 'accepted';

export type BoardJson<User> = {
  type: 'board';
  id: string;
  entity_id: string;
  name: string;
  slug: string;
  url: string;
  description: string;
  privacy: 'public' | 'secret';
  layout: 'default';
  created_at: string;
  board_pins_modified_at: string | null;
  owner: User;
  pin_count: number;
  sectionless_pin_count: number;
  section_count: number;
  follower_count: number;
  collaborator_count: number;
  followed_by_me: boolean;
  collaborated_by_me: boolean;
  is_collaborative: boolean;
  collaborating_users: User[];
  access: ('write' | 'delete')[];
  viewer_collaborator_status: CollaboratorStatusForViewer;
  viewer_collaborator_join_requested: boolean;
  pending_ownership_transfer: { user: User } | null;
  archived_by_me_at: string | null;
  is_quicksave: boolean;
  cover_pin: { id: string; media_id: string | null } | null;
  /** The cover pin's images, keyed by size. */
  cover_images: Record<string, MediaImage> | null;
  images: null;
  sensitivity: null;
  sensitivity_screen: { reason: null; show_warning: false };
  has_fresh_more_ideas_tab: false;
};
