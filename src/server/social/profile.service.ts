import type { Actor } from '../access/actor.ts';
import type { UserProfile } from '../db/schema/boards-and-pins.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findMedia } from '../media/media.repo.ts';
import { isDeletionPending } from '../users/account-deletion.repo.ts';
import { findUserById, findUserByUsername, renameUser } from '../users/users.repo.ts';
import { blockStateBetween } from '../access/block.policy.ts';
import { profileStandingTo } from '../access/profile.policy.ts';
import { hasFollowRequest } from './follow-requests.repo.ts';
import { ensureProfile } from '../users/profile-counters.repo.ts';
import { readerOf, writerOf, type Reader, type Writer } from '../access/authorized.ts';
import { loadUserCards } from '../users/user-cards.ts';
import { findQuicksaveBoard } from '../boards/boards.repo.ts';
import type { ProfileChanges, ProfileJson } from '../../shared/contracts/social.ts';
import { findProfile, lastSaveIdOf, recentlySavedBoardIds, updateProfileRow } from './profile.repo.ts';

const RECENT_BOARDS = 5;

/** A user nothing has happened to yet has no profile row: all counts 0. */
function emptyProfile(userId: string): UserProfile {
  return {
    user_id: userId,
    about: '',
    website_url: null,
    image_media_id: null,
    pin_count: 0,
    secret_pin_count: 0,
    board_count: 0,
    secret_board_count: 0,
    follower_count: 0,
    following_count: 0,
    profile_pins_stale_at: null,
    updated_at: 0,
  };
}

/**
 * UserResource get by username. A user who blocked the reader is not found; one the reader
 * blocked stays readable (blocked_by_me, the way to unblock), though their boards and pins do not.
 * Others never learn the secret part of the counts, nor does the owner's own token without
 * boards:read_secret (it sees the profile as others do, with is_me). A private profile answers its
 * header to everyone; is_visible_to_me says whether its boards and pins are for the reader.
 */
export async function getProfile(deps: Deps, actor: Actor, username: string): Promise<ProfileJson> {
  return profileOf(deps, readerOf(actor), username);
}

async function profileOf(deps: Deps, reader: Reader, username: string): Promise<ProfileJson> {
  const user = await findUserByUsername(deps.db, username.toLowerCase());
  // An account being deleted is hidden from the moment it was asked (users/account-deletion.repo.ts).
  if (!user || (await isDeletionPending(deps.db, user.id))) throw new AppError('not_found');
  if ((await blockStateBetween(deps.db, reader.userId, user.id)).blockedMe) throw new AppError('not_found');
  const [stored, cards, standing, requested] = await Promise.all([
    findProfile(deps.db, user.id),
    loadUserCards(deps, reader, [user.id]),
    profileStandingTo(deps.db, reader, user.id),
    reader.userId === null || reader.userId === user.id ? false : hasFollowRequest(deps.db, reader.userId, user.id),
  ]);
  const profile = stored ?? emptyProfile(user.id);
  const card = cards.get(user.id);
  if (!card) throw new AppError('not_found');
  const isMe = reader.userId === user.id;
  // The secret part is the owner's to see, and a token's only with the secret read scope.
  const wholeCounts = isMe && reader.readsSecret;
  const shown = {
    ...card,
    last_name: user.last_name,
    about: profile.about,
    website_url: profile.website_url,
    created_at: new Date(user.created_at).toISOString(),
    pin_count: profile.pin_count - (wholeCounts ? 0 : profile.secret_pin_count),
    board_count: profile.board_count - (wholeCounts ? 0 : profile.secret_board_count),
    following_count: profile.following_count,
    is_me: isMe,
    is_private_profile: standing.isPrivate,
    is_visible_to_me: standing.open,
    follow_requested_by_me: requested,
  };
  if (!wholeCounts) return shown;
  return {
    ...shown,
    secret_board_count: profile.secret_board_count,
    is_profile_pins_stale: profile.profile_pins_stale_at !== null,
    ...(await ownerExtras(deps, user.id)),
  };
}

async function ownerExtras(deps: Deps, userId: string) {
  const [quicksave, last, recent] = await Promise.all([
    findQuicksaveBoard(deps.db, userId),
    lastSaveIdOf(deps.db, userId),
    recentlySavedBoardIds(deps.db, userId, RECENT_BOARDS),
  ]);
  return { has_quicksave_board: quicksave !== undefined, last_repin_id: last ?? null, recent_boards: recent };
}

/**
 * UserResource update: the caller's own name, about text, website and profile image (an image
 * upload of their own). One transaction, so a new name is searchable exactly when it shows.
 */
export async function updateProfile(deps: Deps, actor: Actor, changes: ProfileChanges): Promise<void> {
  await applyProfileChanges(deps, writerOf(actor, 'boards:write'), changes);
}

/** The same, answering the caller's profile as it now is. */
export async function updateMyProfile(deps: Deps, actor: Actor, changes: ProfileChanges): Promise<ProfileJson> {
  const writer = writerOf(actor, 'boards:write');
  await applyProfileChanges(deps, writer, changes);
  const me = await findUserById(deps.db, writer.userId);
  if (!me) throw new AppError('not_found');
  return profileOf(deps, writer, me.username);
}

async function applyProfileChanges(deps: Deps, writer: Writer, changes: ProfileChanges): Promise<void> {
  if (changes.image_media_id) {
    const media = await findMedia(deps.db, changes.image_media_id);
    if (!media || media.owner_id !== writer.userId) throw new AppError('not_found', 'image_media_id: Not found.');
    if (media.kind !== 'image' || media.status === 'failed') throw new AppError('bad_request', 'image_media_id: A profile picture must be an image.');
  }
  const now = Date.now();
  await transact(deps.db, async (trx) => {
    if (changes.first_name !== undefined || changes.last_name !== undefined) {
      await renameUser(trx, writer.userId, { first_name: changes.first_name, last_name: changes.last_name }, now);
    }
    await ensureProfile(trx, writer.userId, now);
    await updateProfileRow(
      trx,
      writer.userId,
      {
        ...(changes.about !== undefined ? { about: changes.about } : {}),
        ...(changes.website_url !== undefined ? { website_url: changes.website_url || null } : {}),
        ...(changes.image_media_id !== undefined ? { image_media_id: changes.image_media_id } : {}),
      },
      now,
    );
    await deps.events.record(trx, writer.userId, { type: 'profile.changed', userId: writer.userId });
  });
}
