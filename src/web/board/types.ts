import type { BoardPrivacy, MediaImage, UserCard } from '../pins/types.ts';

/** The parts of the server's board JSON (src/server/boards/boards.present.ts) the board and profile pages read. */
export type BoardJson = {
  type: 'board';
  id: string;
  name: string;
  slug: string;
  url: string;
  description: string;
  privacy: BoardPrivacy;
  owner: UserCard;
  pin_count: number;
  sectionless_pin_count: number;
  section_count: number;
  follower_count: number;
  collaborator_count: number;
  followed_by_me: boolean;
  collaborated_by_me: boolean;
  is_collaborative: boolean;
  collaborating_users: UserCard[];
  access: ('write' | 'delete')[];
  archived_by_me_at: string | null;
  board_pins_modified_at: string | null;
  cover_images: Record<string, MediaImage> | null;
};

export type SectionJson = {
  type: 'board_section';
  id: string;
  board_id: string;
  title: string;
  slug: string;
  pin_count: number;
  cover_images: Record<string, MediaImage> | null;
};
