import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/mail.job.ts';
import { findUserById, markEmailVerified } from '../users/users.repo.ts';
import type { Actor } from '../access/actor.ts';
import { requireSignedIn } from '../access/authorized.ts';
import { consumeToken, issueToken } from './handshake.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { clearLimitedLogin } from './sessions.repo.ts';

export function verificationLink(deps: Deps, token: string): string {
  const url = new URL('/email/verify/', deps.config.publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Queues a mail with a fresh single-use verification link (7 days); earlier links stay valid
 * until used. The mail job retries, so a slow mail server never fails the request.
 */
export async function sendVerificationMail(deps: Deps, userId: string, email: string): Promise<void> {
  const token = await issueToken(deps, userId, 'verify_email');
  const link = verificationLink(deps, token);
  await enqueueMail(deps, {
    to: email,
    subject: 'Verify your email',
    text: [
      'Welcome to Corkboard!',
      '',
      'Please verify your email address to keep your account secure:',
      link,
      '',
      'The link works once and expires in 7 days. If you did not sign up, ignore this message.',
    ].join('\n'),
  });
}

/** POST /v3/users/email/verify/resend/ ('Resend email' in the reminder dialog). */
export async function resendVerification(deps: Deps, actor: Actor): Promise<void> {
  const signedIn = requireSignedIn(actor);
  const user = await findUserById(deps.db, signedIn.userId);
  if (!user) throw new AppError('unauthorized');
  if (user.email_verified_at !== null) throw new AppError('bad_request', 'Your email address is already verified.');
  // Counted only when a mail would go out: the limit protects inboxes and the mail server.
  await enforceRateLimit(deps, 'verificationResend', signedIn.userId);
  await sendVerificationMail(deps, user.id, user.email);
}

/**
 * GET /email/verify/?token=: anyone holding the link may use it (it was mailed to the address),
 * signed in or not. Verifying lifts limited login on every session of the account.
 */
export async function verifyEmail(deps: Deps, _actor: Actor, token: string): Promise<boolean> {
  const userId = await consumeToken(deps, token, 'verify_email');
  if (!userId) return false;
  const now = Date.now();
  await markEmailVerified(deps.db, userId, now);
  await clearLimitedLogin(deps.db, userId);
  return true;
}
