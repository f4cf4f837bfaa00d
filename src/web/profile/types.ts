import type { UserCard } from '../pins/types.ts';

/** UserResource's profile (src/server/social/profile.service.ts). */
export type ProfileJson = UserCard & {
  last_name: string;
  about: string;
  website_url: string | null;
  pin_count: number;
  board_count: number;
  following_count: number;
  is_me: boolean;
};
