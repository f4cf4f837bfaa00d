import type { PasswordChangePayload } from '../../shared/validation/signup.ts';
import type { Actor } from '../access/actor.ts';
import { requireSession } from '../access/authorized.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { requireParentalPasscode } from './passcode.service.ts';
import { deleteOtherSessions } from './sessions.repo.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById, updatePasswordHash } from '../users/users.repo.ts';

/**
 * Changes the password of the signed-in account and ends every other session, so whoever else
 * knew the old password is signed out everywhere. An account without a password (social
 * sign-up) sets one without giving an old one. A parental passcode, when set, is asked as well.
 */
export async function changePassword(deps: Deps, actor: Actor, input: PasswordChangePayload): Promise<void> {
  const member = requireSession(actor);
  const user = await findUserById(deps.db, member.userId);
  if (!user) throw new AppError('unauthorized');
  if (user.password_hash) {
    const ok = input.old_password !== undefined && (await verifyPassword(input.old_password, user.password_hash));
    if (!ok) throw new AppError('invalid_credentials');
  }
  await requireParentalPasscode(deps, user.id, input.parental_passcode);
  await updatePasswordHash(deps.db, user.id, await hashPassword(input.new_password), Date.now());
  await deleteOtherSessions(deps.db, user.id, member.sessionIdHash);
}
