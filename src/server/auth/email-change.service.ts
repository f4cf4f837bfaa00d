import type { EmailChangeConfirmPayload, EmailChangePayload } from '../../shared/contracts/settings.ts';
import type { Actor } from '../access/actor.ts';
import { requireFullSession } from '../access/authorized.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { hashSecret, randomSecret } from '../common/secrets.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import { findUserByEmail, findUserById, uniqueViolation } from '../users/users.repo.ts';
import { consumeEmailChange, insertEmailChange, setVerifiedEmail, spendEmailChangesOf } from './email-change.repo.ts';
import { requireParentalPasscode } from './passcode.service.ts';
import { verifyPassword } from './password-hash.ts';

/** How long a confirmation link works: a day, for mail that arrives late or is read tomorrow. */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

export function emailChangeLink(deps: Deps, token: string): string {
  const url = new URL('/settings/edit/email/', deps.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * POST /v3/users/me/email/: the member proves it is them (their password) and names the new
 * address; a single-use link goes to that address, and the account's email stays as it is until
 * the link is followed. A new request ends the links mailed before it.
 */
export async function requestEmailChange(deps: Deps, actor: Actor, input: EmailChangePayload): Promise<{ pending_email: string }> {
  const member = requireFullSession(actor);
  await enforceRateLimit(deps, 'emailChange', member.userId);
  const user = await findUserById(deps.db, member.userId);
  if (!user) throw new AppError('unauthorized');
  if (!user.password_hash || !(await verifyPassword(input.password, user.password_hash))) throw new AppError('invalid_credentials');
  await requireParentalPasscode(deps, user.id, input.parental_passcode);
  if (input.new_email === user.email) throw new AppError('bad_request', 'That is already your email.');
  if (await findUserByEmail(deps.db, input.new_email)) throw new AppError('email_taken');
  const token = randomSecret();
  const now = Date.now();
  await transact(deps.db, async (trx) => {
    await spendEmailChangesOf(trx, user.id, now);
    await insertEmailChange(trx, {
      tokenHash: hashSecret(token),
      userId: user.id,
      newEmail: input.new_email,
      oldEmail: user.email,
      now,
      expiresAt: now + EMAIL_CHANGE_TTL_MS,
    });
    await deps.events.record(trx, user.id, { type: 'account.email_change_requested', userId: user.id });
  });
  await enqueueMail(deps, {
    to: input.new_email,
    subject: 'Confirm your new Corkboard email',
    text: [
      `Someone asked to use this address for the Corkboard account @${user.username}.`,
      '',
      'Confirm it here:',
      emailChangeLink(deps, token),
      '',
      'The link works once and expires in 24 hours. Until you follow it, the account keeps its current email.',
      'If you did not ask for this, ignore this message.',
    ].join('\n'),
  });
  return { pending_email: input.new_email };
}

/**
 * POST /v3/users/me/email/confirm/: whoever holds the link reached the new inbox, which is the
 * proof asked for; the account takes the address (verified), and a notice goes to the old one so
 * its owner learns of a change they did not make. A link asked for before another change of
 * email no longer applies.
 */
export async function confirmEmailChange(deps: Deps, actor: Actor, input: EmailChangeConfirmPayload): Promise<{ email: string }> {
  anyone(actor);
  const now = Date.now();
  let change: { user_id: string; new_email: string; old_email: string };
  try {
    change = await transact(deps.db, async (trx) => {
      const spent = await consumeEmailChange(trx, hashSecret(input.token), now);
      if (!spent) throw new AppError('invalid_token');
      if (!(await setVerifiedEmail(trx, spent.user_id, spent.old_email, spent.new_email, now))) throw new AppError('invalid_token');
      await spendEmailChangesOf(trx, spent.user_id, now);
      await deps.events.record(trx, spent.user_id, { type: 'account.email_changed', userId: spent.user_id });
      return spent;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError('email_taken');
    throw error;
  }
  await enqueueMail(deps, {
    to: change.old_email,
    subject: 'Your Corkboard email was changed',
    text: [
      `The email of your Corkboard account is now ${change.new_email}; this address no longer signs in to it.`,
      '',
      'If you did not make this change, reset your password from the new address or contact the operator of this Corkboard.',
    ].join('\n'),
  });
  return { email: change.new_email };
}

/** Anyone holding the mailed link may follow it, signed in or not, in any browser. */
function anyone(_actor: Actor): void {}
