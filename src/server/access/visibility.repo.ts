import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Reader, Recipients } from './authorized.ts';

/** One reader, or every member of a column at once (a notification's recipients). */
type Readers = Reader | Recipients;

/**
 * The visibility rules as SQL fragments, for every list and feed to put in its WHERE clause, so a
 * page of ids is filtered in the one query that reads it. Each needs its table in scope under its
 * own name (`boards`, `pins`).
 */

/**
 * Blocked users see nothing of each other: true when no block stands between the reader and the
 * user in `userColumn`, in either direction. Two NOT EXISTS on the blocks primary key, so each is
 * one index probe.
 */
export function notBlocked(reader: Readers, userColumn: Expression<unknown>): RawBuilder<SqlBool> {
  if (reader.userId === null || reader.blocksNone === true) return sql<SqlBool>`1 = 1`;
  const me = reader.userId;
  return sql<SqlBool>`(not exists (select 1 from blocks bk where bk.blocker_id = ${me} and bk.blocked_id = ${userColumn})
    and not exists (select 1 from blocks bk where bk.blocker_id = ${userColumn} and bk.blocked_id = ${me}))`;
}

/**
 * True when the member in `userColumn` has not made their profile private: what anyone, visitors
 * and search documents included, may count as public. One probe on member_settings' key.
 */
export function profileNotPrivate(userColumn: Expression<unknown>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from member_settings pps where pps.user_id = ${userColumn} and pps.is_private_profile = 1)`;
}

/**
 * A private profile's boards and pins are for the people its owner approved
 * (docs/decisions/0046-follow-requests.md): true when the member in `userColumn` is the reader,
 * keeps a public profile, or is followed by the reader (an accepted request, or a follow made
 * before the profile went private).
 */
export function profileOpenTo(reader: Readers, userColumn: Expression<unknown>): RawBuilder<SqlBool> {
  if (reader.userId === null) return profileNotPrivate(userColumn);
  const me = reader.userId;
  return sql<SqlBool>`(${userColumn} = ${me} or ${profileNotPrivate(userColumn)}
    or exists (select 1 from user_follows puf where puf.follower_id = ${me} and puf.followee_id = ${userColumn}))`;
}

/**
 * Who may see a board: anyone (visitors included) sees a public board unless a block stands
 * between them and its owner or its owner's profile is private to them; a secret board, its sections, pins and counts exist only for its
 * owner and accepted collaborators.
 */
export function visibleBoards(reader: Readers): RawBuilder<SqlBool> {
  const owner = sql.ref('boards.owner_id');
  const isPublic = sql<SqlBool>`(boards.privacy = 'public' and ${notBlocked(reader, owner)} and ${profileOpenTo(reader, owner)})`;
  if (reader.userId === null || !reader.readsSecret) return isPublic;
  const me = reader.userId;
  return sql<SqlBool>`(${isPublic} or boards.owner_id = ${me} or exists (
    select 1 from board_collaborators bcv
    where bcv.board_id = boards.id and bcv.user_id = ${me} and bcv.status = 'accepted'))`;
}

/**
 * A pin is visible when it is not deleted, no block stands between the reader and its creator,
 * no operator hid it (its creator still sees it), its creator's profile is open to the reader, and at least one board the reader may see holds it: a pin saved only to secret boards is as
 * secret as they are.
 */
export function visiblePins(reader: Readers): RawBuilder<SqlBool> {
  const creator = sql.ref('pins.creator_id');
  return sql<SqlBool>`(pins.deleted_at is null and ${notBlocked(reader, creator)} and ${notModerated(reader)} and ${profileOpenTo(reader, creator)} and exists (
    select 1 from board_pins vbp inner join boards on boards.id = vbp.board_id
    where vbp.pin_id = pins.id and ${visibleBoards(reader)}))`;
}

/**
 * For lists on a board the reader already may see: the pin is not deleted, its creator is not
 * blocked either way nor private to the reader, and the reader has not hidden it.
 */
export function listablePins(reader: Readers): RawBuilder<SqlBool> {
  const creator = sql.ref('pins.creator_id');
  return sql<SqlBool>`(pins.deleted_at is null and ${notBlocked(reader, creator)} and ${notModerated(reader)} and ${profileOpenTo(reader, creator)} and ${notHiddenBy(reader)})`;
}

/**
 * For lists that gather pins from anywhere (search, a profile's pins): visible, and not hidden
 * by the reader. One fragment, so each block is probed once per pin rather than once per rule.
 */
export function shownPins(reader: Readers): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visiblePins(reader)} and ${notHiddenBy(reader)})`;
}

/** A pin an operator hid (docs/decisions/0044-moderation.md) is gone for everyone but its creator: one primary-key probe. */
function notModerated(reader: Readers): RawBuilder<SqlBool> {
  const hidden = sql<SqlBool>`not exists (select 1 from moderated_pins mp where mp.pin_id = pins.id)`;
  if (reader.userId === null) return hidden;
  return sql<SqlBool>`(${hidden} or pins.creator_id = ${reader.userId})`;
}

function notHiddenBy(reader: Readers): RawBuilder<SqlBool> {
  if (reader.userId === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`not exists (select 1 from hidden_pins hp where hp.user_id = ${reader.userId} and hp.pin_id = pins.id)`;
}

/**
 * A tried-it exists for a reader when they may see its pin, no block stands between them and its
 * author, and an operator has not removed it (its author still sees their own, as a pin's creator
 * does a hidden pin). Needs `did_its` and `pins` in scope under their names.
 */
export function visibleDidIts(reader: Reader): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${visiblePins(reader)} and ${notBlocked(reader, sql.ref('did_its.user_id'))} and ${notRemovedDidIt(reader)})`;
}

/** An operator's removal of a tried-it (docs/decisions/0048) hides it from all but its author. */
export function notRemovedDidIt(reader: Reader): RawBuilder<SqlBool> {
  if (reader.userId === null) return sql<SqlBool>`did_its.removed = 0`;
  return sql<SqlBool>`(did_its.removed = 0 or did_its.user_id = ${reader.userId})`;
}
