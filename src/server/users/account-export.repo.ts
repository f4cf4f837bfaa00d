import type { Db } from '../db/database.ts';
import type { AccountExportsTable } from '../db/schema/account-security.ts';

export type ExportRow = AccountExportsTable;

export async function insertExport(db: Db, row: { id: string; userId: string; now: number; linkHash: string }): Promise<void> {
  await db
    .insertInto('account_exports')
    .values({
      id: row.id,
      user_id: row.userId,
      status: 'pending',
      blob_key: null,
      byte_size: null,
      link_hash: row.linkHash,
      requested_at: row.now,
      ready_at: null,
      expires_at: null,
      downloaded_at: null,
    })
    .execute();
}

export async function latestExportOf(db: Db, userId: string): Promise<ExportRow | undefined> {
  return db
    .selectFrom('account_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findExport(db: Db, id: string): Promise<ExportRow | undefined> {
  return db.selectFrom('account_exports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The built file is stored: the export turns ready and its link starts to work. */
export async function markExportReady(db: Db, id: string, ready: { blobKey: string; byteSize: number; now: number; expiresAt: number }): Promise<boolean> {
  const result = await db
    .updateTable('account_exports')
    .set({ status: 'ready', blob_key: ready.blobKey, byte_size: ready.byteSize, ready_at: ready.now, expires_at: ready.expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Spends the link: of two downloads with one link, one wins. */
export async function claimDownload(db: Db, id: string, linkHash: string, now: number): Promise<ExportRow | undefined> {
  return db
    .updateTable('account_exports')
    .set({ downloaded_at: now })
    .where('id', '=', id)
    .where('link_hash', '=', linkHash)
    .where('status', '=', 'ready')
    .where('downloaded_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

// What the ZIP holds: the member's own rows, read one table at a time.

export async function exportProfile(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'username', 'first_name', 'last_name', 'country', 'locale', 'gender', 'custom_gender', 'birthday', 'business_name', 'created_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const profile = await db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return user ? { ...user, profile: profile ?? null } : null;
}

export async function exportSettings(db: Db, userId: string) {
  const settings = await db
    .selectFrom('users')
    .select(['allow_personalization_cookies', 'allow_analytic_cookies', 'allow_marketing_cookies', 'email_verified_at', 'is_partner'])
    .select((eb) => eb('mfa_secret', 'is not', null).as('has_mfa_enabled'))
    .where('id', '=', userId)
    .executeTakeFirst();
  const passcode = await db.selectFrom('parental_passcodes').select(['backup_email', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
  return { ...settings, parental_passcode: passcode ? { is_set: true, backup_email: passcode.backup_email } : { is_set: false } };
}

export function exportBoards(db: Db, userId: string) {
  return db.selectFrom('boards').selectAll().where('owner_id', '=', userId).orderBy('id').execute();
}

export function exportSections(db: Db, userId: string) {
  return db
    .selectFrom('board_sections')
    .innerJoin('boards', 'boards.id', 'board_sections.board_id')
    .selectAll('board_sections')
    .where('boards.owner_id', '=', userId)
    .orderBy('board_sections.id')
    .execute();
}

export function exportPins(db: Db, userId: string) {
  return db.selectFrom('pins').selectAll().where('creator_id', '=', userId).orderBy('id').execute();
}

export function exportSaves(db: Db, userId: string) {
  return db.selectFrom('board_pins').selectAll().where('saved_by', '=', userId).orderBy('id').execute();
}

export async function exportFollows(db: Db, userId: string) {
  const [people, boards, interests] = await Promise.all([
    db
      .selectFrom('user_follows')
      .innerJoin('users', 'users.id', 'user_follows.followee_id')
      .select(['users.username', 'user_follows.created_at'])
      .where('follower_id', '=', userId)
      .execute(),
    db.selectFrom('board_follows').select(['board_id', 'created_at']).where('user_id', '=', userId).execute(),
    db
      .selectFrom('interest_follows')
      .innerJoin('interests', 'interests.id', 'interest_follows.interest_id')
      .select(['interests.name', 'interest_follows.created_at'])
      .where('user_id', '=', userId)
      .execute(),
  ]);
  return { people, boards, interests };
}

export function exportMedia(db: Db, userId: string) {
  return db
    .selectFrom('media')
    .select(['id', 'kind', 'status', 'images', 'videos', 'source_type', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('id')
    .execute();
}
