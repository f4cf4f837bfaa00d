import { z } from 'zod';
import type { PasswordResetPayload, PasswordResetRequestPayload } from '../../shared/validation/password-reset.ts';
import type { Actor } from '../access/actor.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { hashSecret } from '../common/secrets.ts';
import { transact } from '../db/transaction.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import { findUserByEmail, updatePasswordHash } from '../users/users.repo.ts';
import { issueToken } from './handshake.ts';
import { hashPassword } from './password-hash.ts';
import { deleteOtherSessions } from './sessions.repo.ts';
import { consumeOneTimeToken, spendOneTimeTokensOf } from './tokens.repo.ts';

/** The job that looks the typed email up and mails a link when an account has it. */
export const PASSWORD_RESET_MAIL_JOB = 'auth.password_reset_mail';

const ResetMailJob = z.object({ email: z.string() });

export type ResetRequestContext = { ip: string };

/** Anyone may ask (a signed-in browser too: it may have forgotten another account's password). */
function anyone(_actor: Actor): void {}

export function passwordResetLink(deps: Deps, token: string): string {
  const url = new URL('/password/reset/', deps.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * POST /v3/users/password/reset/request/: the same answer, after the same work, for every
 * email. The account is looked up in a job, so neither the answer nor its timing tells
 * whether one uses the address; the limits count typed emails, known or not, for the same reason.
 */
export async function requestPasswordReset(deps: Deps, actor: Actor, input: PasswordResetRequestPayload, ctx: ResetRequestContext): Promise<void> {
  anyone(actor);
  await enforceRateLimit(deps, 'passwordResetAddress', ctx.ip);
  await enforceRateLimit(deps, 'passwordResetEmail', input.email);
  await deps.ports.queue.enqueue({ type: PASSWORD_RESET_MAIL_JOB, payload: { email: input.email }, maxAttempts: 8 });
}

/** The job: a fresh single-use link (1 hour) to the account's address; nothing for an unknown one. */
export function passwordResetMailJob(deps: Deps) {
  return async (payload: unknown) => {
    const { email } = ResetMailJob.parse(payload);
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    const token = await issueToken(deps, user.id, 'reset_password');
    await enqueueMail(deps, {
      to: user.email,
      subject: 'Reset your Corkboard password',
      text: [
        'Someone asked to reset the password of your Corkboard account.',
        '',
        'Choose a new password here:',
        passwordResetLink(deps, token),
        '',
        'The link works once and expires in 1 hour. Setting a new password signs you out everywhere.',
        'If you did not ask for this, ignore this message: your password stays as it is.',
      ].join('\n'),
    });
  };
}

/**
 * POST /v3/users/password/reset/: whoever holds a live link sets the password of the account it
 * was mailed for, and only that one. Spending the link, the new password, the end of every
 * session and of the other links, and the event commit together or not at all.
 */
export async function resetPassword(deps: Deps, actor: Actor, input: PasswordResetPayload): Promise<void> {
  anyone(actor);
  // Hashed before the transaction: argon2 takes tens of milliseconds that no lock should wait on.
  const passwordHash = await hashPassword(input.new_password);
  const now = Date.now();
  await transact(deps.db, async (trx) => {
    const userId = await consumeOneTimeToken(trx, hashSecret(input.token), 'reset_password', now);
    if (!userId) throw new AppError('invalid_token');
    await updatePasswordHash(trx, userId, passwordHash, now);
    await spendOneTimeTokensOf(trx, userId, 'reset_password', now);
    await deleteOtherSessions(trx, userId, null);
    await deps.events.record(trx, userId, { type: 'account.password_reset', userId });
  });
}
