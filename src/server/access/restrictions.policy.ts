import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { Writer } from './authorized.ts';
import { restrictionOf } from './restrictions.repo.ts';

/** What a write-banned member reads when they try to post. */
export const WRITE_BANNED_MESSAGE = 'Your account can’t create or save Pins or comment right now because of a moderation decision.';

/** Whether an operator write-banned or suspended the member: `is_write_banned` on the viewer. */
export async function isWriteBanned(db: Db, userId: string): Promise<boolean> {
  const restriction = await restrictionOf(db, userId);
  return restriction !== undefined && (restriction.write_banned === 1 || restriction.suspended === 1);
}

/**
 * The one check every service that lets a member publish calls after its writer check (creating
 * and saving pins, comments, tried-its, messages): a write-banned or suspended member is refused
 * with 403 and the reason. One primary-key probe.
 */
export async function requireMayPublish(db: Db, writer: Writer): Promise<void> {
  if (await isWriteBanned(db, writer.userId)) throw new AppError('forbidden', WRITE_BANNED_MESSAGE);
}

export const SUSPENDED_MESSAGE = 'This account is suspended because of a moderation decision.';

/** Signing in, once the credentials are proven: a suspended member is refused with the reason (403). */
export async function requireNotSuspended(db: Db, userId: string): Promise<void> {
  if ((await restrictionOf(db, userId))?.suspended === 1) throw new AppError('forbidden', SUSPENDED_MESSAGE);
}
