import type { BoardJson as SharedBoardJson } from '../../shared/board-json.ts';
import type { MediaImage, UserCard } from '../pins/types.ts';

/** The parts of the server's board JSON (src/shared/board-json.ts) the board and profile pages read. */
export type BoardJson = Pick<
  SharedBoardJson<UserCard>,
  | 'type'
  | 'id'
  | 'name'
  | 'slug'
  | 'url'
  | 'description'
  | 'privacy'
  | 'owner'
  | 'pin_count'
  | 'sectionless_pin_count'
  | 'section_count'
  | 'follower_count'
  | 'collaborator_count'
  | 'followed_by_me'
  | 'collaborated_by_me'
  | 'is_collaborative'
  | 'collaborating_users'
  | 'access'
  | 'archived_by_me_at'
  | 'board_pins_modified_at'
  | 'cover_images'
>;

export type SectionJson = {
  type: 'board_section';
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: number;
  cover_images: Record<string, MediaImage> | null;
};
