import { otpauthUri } from '../../shared/mfa.ts';
import type { MfaConfirmPayload, MfaDisablePayload, MfaSetup } from '../../shared/validation/mfa.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserById } from '../users/users.repo.ts';
import type { Actor } from '../access/actor.ts';
import type { Member } from '../access/authorized.ts';
import { requireFullSession } from '../access/authorized.ts';
import { MFA_SETUP_TTL_MS, normalizeSecret } from './mfa-rules.ts';
import { verifyPassword } from './password-hash.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';
import { hashSecret } from '../common/secrets.ts';
import { deleteOtherSessions } from './sessions.repo.ts';
import { consumeOneTimeToken, insertOneTimeToken, peekOneTimeToken } from './tokens.repo.ts';
import { matchTotpStep, newTotpSecret } from './totp.ts';
import { canEnableMfa } from '../users/mfa-eligibility.ts';
import { claimMfaStep, countUnspentRecoveryCodes, deleteRecoveryCodes, disableMfa as disableMfaOf, enableMfa, replaceRecoveryCodes } from './mfa.repo.ts';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes.ts';
import type { Db } from '../db/database.ts';

const ALREADY_ON = 'Two-factor authentication is already on.';
const NOT_ON = 'Two-factor authentication is not on.';
const NEEDS_PASSWORD = 'Set a password before you turn on two-factor authentication.';
const NEEDS_VERIFIED_EMAIL = 'Verify your email address before you turn on two-factor authentication.';
const SETUP_EXPIRED = 'This setup has expired. Please start again.';

async function accountOf(deps: Deps, member: Member): Promise<User> {
  const user = await findUserById(deps.db, member.userId);
  if (!user) throw new AppError('unauthorized');
  return user;
}

async function checkPasswordOf(user: User, password: string): Promise<void> {
  if (!user.password_hash || !(await verifyPassword(password, user.password_hash))) throw new AppError('invalid_credentials');
}

/**
 * POST /v3/users/me/mfa/setup/: a new secret for the account, pending until a code from it
 * confirms it. Only the secret's hash is kept (a one_time_tokens row), so the confirmation must
 * bring the secret back: a leaked table reveals no pending secret, and nothing but what this
 * call showed can be confirmed. A browser session in full login only: a leaked token or a
 * limited login must not be able to lock the owner out.
 */
export async function startMfaSetup(deps: Deps, actor: Actor): Promise<MfaSetup> {
  const member = requireFullSession(actor);
  const user = await accountOf(deps, member);
  if (user.mfa_secret !== null) throw new AppError('conflict', ALREADY_ON);
  if (!canEnableMfa(user)) throw new AppError('forbidden', user.password_hash === null ? NEEDS_PASSWORD : NEEDS_VERIFIED_EMAIL);
  const secret = newTotpSecret();
  const now = Date.now();
  await insertOneTimeToken(deps.db, { hash: hashSecret(secret), userId: user.id, purpose: 'mfa_setup', now, expiresAt: now + MFA_SETUP_TTL_MS });
  return { secret, otpauth_uri: otpauthUri(user.email, secret) };
}

/**
 * POST /v3/users/me/mfa/setup/confirm/: the password and a current code (±1 step) from the
 * pending secret turn two-factor authentication on. Every other session of the account ends,
 * as after a password change, so a session opened without the second factor does not outlive it.
 * Answers the ten recovery codes, once: only their hashes are kept.
 */
export async function confirmMfaSetup(deps: Deps, actor: Actor, input: MfaConfirmPayload): Promise<{ recovery_codes: string[] }> {
  const member = requireFullSession(actor);
  await enforceRateLimit(deps, 'mfaSettings', member.userId);
  const user = await accountOf(deps, member);
  if (user.mfa_secret !== null) throw new AppError('conflict', ALREADY_ON);
  await checkPasswordOf(user, input.password);
  const secret = normalizeSecret(input.secret);
  const hash = hashSecret(secret);
  const now = Date.now();
  if ((await peekOneTimeToken(deps.db, hash, 'mfa_setup', now)) !== user.id) throw new AppError('invalid_token', SETUP_EXPIRED);
  const step = matchTotpStep(secret, input.code, now);
  if (step === null) throw new AppError('invalid_code');
  const codes = newRecoveryCodes();
  const enabled = await deps.db.transaction().execute(async (trx) => {
    if ((await consumeOneTimeToken(trx, hash, 'mfa_setup', now)) !== user.id) return false;
    if (!(await enableMfa(trx, user.id, secret, step, now))) return false;
    await storeRecoveryCodes(trx, user.id, codes, now);
    return true;
  });
  // Lost a race: the setup was spent, or another one turned two-factor on first.
  if (!enabled) throw new AppError('conflict', ALREADY_ON);
  await deleteOtherSessions(deps.db, user.id, member.sessionIdHash);
  return { recovery_codes: codes };
}

function storeRecoveryCodes(db: Db, userId: string, codes: readonly string[], now: number): Promise<void> {
  return replaceRecoveryCodes(
    db,
    userId,
    codes.map((code) => recoveryCodeHash(userId, code.replace('-', ''))),
    now,
  );
}

/** MfaRecoveryCodesResource get: how many recovery codes are left unspent. */
export async function countRecoveryCodes(deps: Deps, actor: Actor): Promise<{ remaining: number }> {
  const member = requireFullSession(actor);
  return { remaining: await countUnspentRecoveryCodes(deps.db, member.userId) };
}

/**
 * MfaRecoveryCodesResource create {password}: ten new codes, answered once; the old ones stop
 * working. The password is asked because the codes open the account without the authenticator.
 */
export async function regenerateRecoveryCodes(deps: Deps, actor: Actor, password: string): Promise<{ codes: string[] }> {
  const member = requireFullSession(actor);
  await enforceRateLimit(deps, 'mfaSettings', member.userId);
  const user = await accountOf(deps, member);
  if (user.mfa_secret === null) throw new AppError('bad_request', NOT_ON);
  await checkPasswordOf(user, password);
  const codes = newRecoveryCodes();
  await deps.db.transaction().execute((trx) => storeRecoveryCodes(trx, user.id, codes, Date.now()));
  return { codes };
}

/**
 * POST /v3/users/me/mfa/disable/: the password and a current code turn two-factor
 * authentication off. The code is spent like a login code, so it cannot be replayed.
 */
export async function disableMfa(deps: Deps, actor: Actor, input: MfaDisablePayload): Promise<void> {
  const member = requireFullSession(actor);
  await enforceRateLimit(deps, 'mfaSettings', member.userId);
  const user = await accountOf(deps, member);
  const secret = user.mfa_secret;
  if (secret === null) throw new AppError('bad_request', NOT_ON);
  await checkPasswordOf(user, input.password);
  const now = Date.now();
  const step = matchTotpStep(secret, input.code, now);
  if (step === null || !(await claimMfaStep(deps.db, user.id, step))) throw new AppError('invalid_code');
  if (!(await disableMfaOf(deps.db, user.id, secret, now))) throw new AppError('conflict', NOT_ON);
  await deleteRecoveryCodes(deps.db, user.id);
}
