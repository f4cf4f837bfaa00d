import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

// Correlated on users.id: the same selection serves the session's read and a read by id. Two
// counts, each on its own index: one `or` across them read every board per signed-in request.
const sharedBoards = sql<number>`((select count(*) from boards b where b.owner_id = users.id and b.collaborator_count > 0)
  + (select count(*) from board_collaborators c inner join boards b on b.id = c.board_id
    where c.user_id = users.id and c.status = 'accepted' and not (b.owner_id = users.id and b.collaborator_count > 0)))`;
const verifiedSites = sql<number>`(select count(*) from user_websites w where w.user_id = users.id)`;
const privateProfile = sql<number | null>`(select s.is_private_profile from member_settings s where s.user_id = users.id)`;
const writeBanned = sql<number | null>`(select r.write_banned from member_restrictions r where r.user_id = users.id)`;
const suspended = sql<number | null>`(select r.suspended from member_restrictions r where r.user_id = users.id)`;
const parentalPasscode = sql<number>`(select count(*) from parental_passcodes pp where pp.user_id = users.id)`;

/**
 * What the viewer needs of the profile, selected beside the user row by any query with `users` in
 * scope and `user_profiles as p` left-joined: the session lookup reads it in the same statement.
 */
export const PROFILE_SELECTION = [
  'p.website_url',
  'p.image_media_id',
  'p.board_count',
  'p.secret_board_count',
  'p.pin_count',
  sharedBoards.as('group_board_count'),
  verifiedSites.as('verified_website_count'),
  privateProfile.as('is_private_profile'),
  writeBanned.as('write_banned'),
  suspended.as('suspended'),
  parentalPasscode.as('parental_passcode_count'),
] as const;

export type ProfileRow = {
  website_url: string | null;
  image_media_id: string | null;
  board_count: number | null;
  secret_board_count: number | null;
  pin_count: number | null;
  group_board_count: number;
  verified_website_count: number;
  /** Null for a member who never changed a privacy setting. */
  is_private_profile: number | null;
  /** 1 when an operator write-banned the member (docs/decisions/0044-moderation.md). */
  write_banned: number | null;
  /** 1 when an operator suspended the member: their sessions no longer sign them in. */
  suspended: number | null;
  /** 1 when the member set a parental passcode (its key is the member). */
  parental_passcode_count: number | string;
};

/** The viewer's profile row by user id (after a sign-in, or when the session's read is not at hand). */
export async function profileRowOf(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db
    .selectFrom('users')
    .leftJoin('user_profiles as p', 'p.user_id', 'users.id')
    .select(PROFILE_SELECTION)
    .where('users.id', '=', userId)
    .executeTakeFirst();
}
