import type { User } from '../db/schema/accounts.ts';

/**
 * How long a started setup can be confirmed: time enough to find the phone, install an
 * authenticator app and scan the code, short enough that a forgotten one lapses.
 */
export const MFA_SETUP_TTL_MS = 30 * 60 * 1000;

type MfaFields = Pick<User, 'password_hash' | 'email_verified_at' | 'mfa_secret'>;

/**
 * Two-factor setup needs a password to confirm it (and to turn it off again) and a verified
 * address to recover the account through; and it must be off.
 */
export function canEnableMfa(user: MfaFields): boolean {
  return user.password_hash !== null && user.email_verified_at !== null && user.mfa_secret === null;
}

/** A secret as people copy it back (grouped, lowercase) in the form it was issued. */
export function normalizeSecret(secret: string): string {
  return secret.replace(/[\s=-]/g, '').toUpperCase();
}
