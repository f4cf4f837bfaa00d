import { requireNotSuspended } from '../access/restrictions.policy.ts';
import type { LoginPayload, MfaLoginPayload } from '../../shared/validation/signup.ts';
import { normalizeEmail } from '../../shared/validation/email.ts';
import type { User } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { findUserByEmail, findUserById, findUserByUsername, updatePasswordHash } from '../users/users.repo.ts';
import type { Actor } from '../access/actor.ts';
import { consumeToken, issueToken, peekToken } from './handshake.ts';
import { hashPassword, needsRehash, verifyAgainstNothing, verifyPassword } from './password-hash.ts';
import { checkRateLimit, countRateLimitHit, enforceRateLimit } from '../common/rate-limits.ts';
import { matchTotpStep } from './totp.ts';
import { claimMfaStep, spendRecoveryCode } from './mfa.repo.ts';
import { normalizeRecoveryCode } from '../../shared/recovery-code.ts';
import { recoveryCodeHash } from './recovery-codes.ts';

export type RequestContext = { ip: string };

/** Anyone may log in (a signed-in browser switching accounts included): no access check. */
function anyone(_actor: Actor): void {}

/** The typed username or email in the form accounts are looked up by. */
function normalisedLogin(usernameOrEmail: string): string {
  const given = usernameOrEmail.trim();
  return given.includes('@') ? normalizeEmail(given) : given.toLowerCase();
}

function findAccount(deps: Deps, login: string): Promise<User | undefined> {
  return login.includes('@') ? findUserByEmail(deps.db, login) : findUserByUsername(deps.db, login);
}

/**
 * The user whose credentials these are, or invalid_credentials; rate_limited first when this
 * address failed too often across accounts, or tried this account too often. The account's
 * budget is one whichever of its names was typed; a name no account has gets its own, and the
 * answer is the same either way.
 */
async function checkCredentials(deps: Deps, ctx: RequestContext, usernameOrEmail: string, password: string): Promise<User> {
  await checkRateLimit(deps, 'loginAddress', ctx.ip);
  const login = normalisedLogin(usernameOrEmail);
  const user = await findAccount(deps, login);
  await enforceRateLimit(deps, 'login', ctx.ip, user ? `account:${user.id}` : `name:${login}`);
  try {
    return await checkPassword(deps, user, password);
  } catch (error) {
    if (error instanceof AppError && error.errorName === 'invalid_credentials') await countRateLimitHit(deps, 'loginAddress', ctx.ip);
    throw error;
  }
}

/**
 * The user if this is their password, or invalid_credentials. Unknown accounts and accounts
 * without a password take as long and answer the same as a wrong password: nothing tells whether
 * an account exists.
 */
async function checkPassword(deps: Deps, user: User | undefined, password: string): Promise<User> {
  if (!user?.password_hash) {
    await verifyAgainstNothing(password);
    throw new AppError('invalid_credentials');
  }
  if (!(await verifyPassword(password, user.password_hash))) throw new AppError('invalid_credentials');
  if (needsRehash(user.password_hash)) {
    await updatePasswordHash(deps.db, user.id, await hashPassword(password), Date.now());
  }
  return user;
}

/**
 * A code is good once: the step it belongs to must be later than the last step used, and a
 * recovery code must be unspent (it is spent now). Code guesses share one budget per IP and
 * account, whichever way the account was named.
 */
async function checkMfaCode(deps: Deps, ctx: RequestContext, user: User, code: string): Promise<void> {
  if (!user.mfa_secret) throw new AppError('bad_request', 'Two-factor authentication is not enabled for this account.');
  await enforceRateLimit(deps, 'login', ctx.ip, `mfa:${user.id}`);
  const recovery = normalizeRecoveryCode(code);
  if (recovery !== null) {
    if (!(await spendRecoveryCode(deps.db, user.id, recoveryCodeHash(user.id, recovery), Date.now()))) throw new AppError('invalid_code');
    return;
  }
  const step = matchTotpStep(user.mfa_secret, code, Date.now());
  if (step === null || !(await claimMfaStep(deps.db, user.id, step))) {
    throw new AppError('invalid_code');
  }
}

/**
 * POST /v3/login/handshake/: checks the credentials and answers a handshake token. An account
 * with two-factor authentication and no code answers mfa_required with a pending token for the
 * second step (/v3/login/mfa/handshake/).
 */
export async function loginHandshake(deps: Deps, actor: Actor, input: LoginPayload, ctx: RequestContext): Promise<string> {
  anyone(actor);
  const user = await checkCredentials(deps, ctx, input.username_or_email, input.password);
  await requireNotSuspended(deps.db, user.id);
  if (user.mfa_secret) {
    if (!input.mfa_token) {
      const pending = await issueToken(deps, user.id, 'mfa_pending');
      throw new AppError('mfa_required', undefined, { token: pending });
    }
    await checkMfaCode(deps, ctx, user, input.mfa_token);
  }
  return issueToken(deps, user.id, 'handshake');
}

/** POST /v3/login/mfa/handshake/: the code, with the pending token or the credentials again. */
export async function mfaLoginHandshake(deps: Deps, actor: Actor, input: MfaLoginPayload, ctx: RequestContext): Promise<string> {
  anyone(actor);
  const user = input.token ? await userOfPendingToken(deps, input.token) : await userOfCredentials(deps, ctx, input);
  await checkMfaCode(deps, ctx, user, input.mfa_token);
  await requireNotSuspended(deps.db, user.id);
  // Spent only now, so a mistyped code can be retried with the same pending token.
  if (input.token && !(await consumeToken(deps, input.token, 'mfa_pending'))) throw new AppError('invalid_token');
  return issueToken(deps, user.id, 'handshake');
}

async function userOfPendingToken(deps: Deps, token: string): Promise<User> {
  const userId = await peekToken(deps, token, 'mfa_pending');
  const user = userId ? await findUserById(deps.db, userId) : undefined;
  if (!user) throw new AppError('invalid_token');
  return user;
}

async function userOfCredentials(deps: Deps, ctx: RequestContext, input: MfaLoginPayload): Promise<User> {
  return checkCredentials(deps, ctx, input.username_or_email ?? '', input.password ?? '');
}
