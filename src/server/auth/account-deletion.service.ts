import type { AccountDeletionState } from '../../shared/contracts/account-security.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession, requireSession } from '../access/authorized.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { deletePendingDeletion, findDeletion, insertDeletion, type DeletionRow } from '../users/account-deletion.repo.ts';
import { DELETION_GRACE_MS, enqueuePurge } from '../users/account-deletion.job.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import { SETTINGS_PATHS } from '../../shared/settings.ts';
import { findUserById } from '../users/users.repo.ts';
import { requireParentalPasscode } from './passcode.service.ts';
import { verifyPassword } from './password-hash.ts';
import { deleteOtherSessions } from './sessions.repo.ts';
import { revokeAllPats } from './tokens.repo.ts';

const ALREADY = 'Your account is already scheduled for deletion.';
const NEEDS_PASSWORD = 'Set a password before you delete your account.';

function state(row: DeletionRow | undefined): AccountDeletionState {
  const pending = row !== undefined && row.purged_at === null;
  return { scheduled: pending, purge_at: pending ? new Date(row.purge_at).toISOString() : null };
}

/** AccountDeletionResource get: whether the account is scheduled for deletion, and when. */
export async function deletionState(deps: Deps, actor: Actor): Promise<AccountDeletionState> {
  const member = requireSession(actor);
  return state(await findDeletion(deps.db, member.userId));
}

/**
 * AccountDeletionResource create {password, parental_passcode?}: schedules the deletion after the
 * grace period (docs/decisions/0040-account-security.md). At once, in one transaction: the profile
 * is hidden (a pending deletion hides it), every session (this one too) and access token ends, and
 * the event is recorded; the purge is a job due at the end of the grace period.
 */
export async function requestAccountDeletion(
  deps: Deps,
  actor: Actor,
  input: { password: string; parental_passcode?: string | undefined },
  now = Date.now(),
): Promise<AccountDeletionState> {
  const member = requireFullSession(actor);
  await enforceRateLimit(deps, 'mfaSettings', member.userId);
  const user = await findUserById(deps.db, member.userId);
  if (!user) throw new AppError('unauthorized');
  if (!user.password_hash) throw new AppError('bad_request', NEEDS_PASSWORD);
  if (!(await verifyPassword(input.password, user.password_hash))) throw new AppError('invalid_credentials');
  await requireParentalPasscode(deps, user.id, input.parental_passcode);
  const purgeAt = now + DELETION_GRACE_MS;
  await transact(deps.db, async (trx) => {
    if (!(await insertDeletion(trx, user.id, now, purgeAt))) throw new AppError('conflict', ALREADY);
    await deleteOtherSessions(trx, user.id, null);
    await revokeAllPats(trx, user.id, now);
    await deps.events.record(trx, user.id, { type: 'account.deletion_requested', userId: user.id, purgeAt });
  });
  await enqueuePurge(deps, user.id, purgeAt);
  await enqueueMail(deps, {
    to: user.email,
    subject: 'Your Corkboard account will be deleted',
    text: [
      `Your Corkboard account @${user.username} will be deleted on ${new Date(purgeAt).toUTCString()}.`,
      'Your profile is hidden and you were signed out everywhere.',
      '',
      'Changed your mind? Log in before then and keep your account here:',
      new URL(SETTINGS_PATHS.deleteAccount, deps.config.publicUrl).toString(),
    ].join('\n'),
  });
  return state(await findDeletion(deps.db, user.id));
}

/** AccountDeletionResource delete: signed in again during the grace period, the member keeps the account. */
export async function cancelAccountDeletion(deps: Deps, actor: Actor): Promise<AccountDeletionState> {
  const member = requireSession(actor);
  await transact(deps.db, async (trx) => {
    if (!(await deletePendingDeletion(trx, member.userId))) throw new AppError('bad_request', 'Your account is not scheduled for deletion.');
    await deps.events.record(trx, member.userId, { type: 'account.deletion_cancelled', userId: member.userId });
  });
  return state(undefined);
}
