import { z } from 'zod';

/**
 * A member as seen on pins, boards and lists (viewer spec section 3, "User"): what every list of
 * people shows (src/server/users/user-cards.ts presents it). The images are the profile picture's
 * 60x60, 136x136 and 236x wide sizes.
 */
export const UserCard = z.object({
  type: z.literal('user'),
  id: z.string(),
  entity_id: z.string(),
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  profile_url: z.string(),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  follower_count: z.number(),
  explicitly_followed_by_me: z.boolean(),
  followed_by_me: z.boolean(),
  blocked_by_me: z.boolean(),
});
export type UserCard = z.infer<typeof UserCard>;
