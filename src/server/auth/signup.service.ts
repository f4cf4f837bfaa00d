import { isUnderMinimumAge } from '../../shared/validation/birthday.ts';
import type { SignupPayload } from '../../shared/validation/signup.ts';
import { newId } from '../db/ids.ts';
import type { NewUser } from '../db/schema/accounts.ts';
import type { Deps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { usernameBaseFromEmail, usernameCandidates } from '../users/username.ts';
import { createAccount } from '../users/account.service.ts';
import { findUserByEmail, takenUsernames, uniqueViolation } from '../users/users.repo.ts';
import type { Actor } from '../access/actor.ts';
import type { RequestContext } from './auth.service.ts';
import { sendVerificationMail } from './email-verification.service.ts';
import { issueToken } from './handshake.ts';
import { hashPassword } from './password-hash.ts';
import { enforceRateLimit } from '../common/rate-limits.ts';

export type SignupKind = 'email' | 'partner';

export type SignupContext = RequestContext & {
  /** The browser carries the age-restriction cookie of an earlier refused sign-up. */
  ageRestricted: boolean;
};

/** Anyone may sign up (a signed-in browser adding an account included): no access check. */
function anyone(_actor: Actor): void {}

/**
 * POST /v3/register/{email|partner}/handshake/: creates the account, sends the verification
 * mail and answers a handshake token for HandshakeSessionResource.
 */
export async function registerHandshake(deps: Deps, actor: Actor, kind: SignupKind, input: SignupPayload, ctx: SignupContext): Promise<string> {
  anyone(actor);
  if (ctx.ageRestricted) throw new AppError('age_restricted');
  await enforceRateLimit(deps, 'signup', ctx.ip);
  if (kind === 'partner' && !input.business_name) throw new AppError('bad_request', 'business_name: Required');
  if (input.birthday && isUnderMinimumAge(input.birthday, new Date())) throw new AppError('age_restricted');
  if (await findUserByEmail(deps.db, input.email)) throw new AppError('email_taken');

  const user = await newUserRow(deps, kind, input);
  await insertUniquely(deps, user, input.username !== undefined);
  try {
    await sendVerificationMail(deps, user.id, user.email);
  } catch (error) {
    // The account exists either way; the reminder dialog's 'Resend email' recovers a lost mail.
    deps.log.warn({ err: error, userId: user.id }, 'verification mail not queued');
  }
  return issueToken(deps, user.id, 'handshake');
}

async function chooseUsername(deps: Deps, input: SignupPayload): Promise<string> {
  if (input.username) {
    if ((await takenUsernames(deps.db, [input.username])).size > 0) throw new AppError('username_taken');
    return input.username;
  }
  const candidates = usernameCandidates(usernameBaseFromEmail(input.email));
  const taken = await takenUsernames(deps.db, candidates);
  const free = candidates.find((c) => !taken.has(c));
  // Eight candidates with random suffixes all taken is practically impossible; retrying is the client's call.
  if (!free) throw new AppError('username_taken');
  return free;
}

async function newUserRow(deps: Deps, kind: SignupKind, input: SignupPayload): Promise<NewUser> {
  const now = Date.now();
  const partner = kind === 'partner';
  const source = { referrer: input.referrer, utm_campaign: input.utm_campaign, utm_content: input.utm_content, invite_code: input.invite_code };
  return {
    id: newId(),
    email: input.email,
    username: await chooseUsername(deps, input),
    password_hash: await hashPassword(input.password),
    // A business signs up with its name; the spec uses it as the first name too.
    first_name: (partner ? input.business_name : input.first_name) ?? '',
    last_name: partner ? '' : (input.last_name ?? ''),
    country: input.country ?? 'US',
    locale: input.locale ?? 'en_US',
    gender: input.gender ?? null,
    custom_gender: input.gender === 'custom' ? (input.custom_gender ?? null) : null,
    birthday: input.birthday ?? null,
    is_partner: partner ? 1 : 0,
    business_name: partner ? (input.business_name ?? null) : null,
    is_employee: 0,
    email_verified_at: null,
    allow_personalization_cookies: 0,
    allow_analytic_cookies: 0,
    allow_marketing_cookies: 0,
    mfa_secret: null,
    signup_source: JSON.stringify(source),
    created_at: now,
    updated_at: now,
  };
}

/** Two sign-ups racing for one email or username: the database decides, the loser gets a 409. */
async function insertUniquely(deps: Deps, user: NewUser, usernameChosen: boolean): Promise<void> {
  try {
    await createAccount(deps, user, { onboarding: true });
  } catch (error) {
    const column = uniqueViolation(error);
    if (column === null) throw error;
    if (column.includes('email')) throw new AppError('email_taken');
    throw new AppError('username_taken', usernameChosen ? undefined : 'Please try again.');
  }
}
