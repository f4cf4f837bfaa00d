import type { User } from '../db/schema/accounts.ts';

type MfaFields = Pick<User, 'password_hash' | 'email_verified_at' | 'mfa_secret'>;

/**
 * Two-factor setup needs a password to confirm it (and to turn it off again) and a verified
 * address to recover the account through; and it must be off. The viewer shows it
 * (can_enable_mfa) and auth's setup enforces it, so it sits with the account, below both.
 */
export function canEnableMfa(user: MfaFields): boolean {
  return user.password_hash !== null && user.email_verified_at !== null && user.mfa_secret === null;
}
