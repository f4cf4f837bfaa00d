import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Flag } from './flag.ts';

// Accounts, sessions and tokens (migration 0001, docs/decisions/0006-accounts-and-sessions.md).

export type UsersTable = {
  id: string;
  email: string;
  username: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  country: string;
  locale: string;
  gender: string | null;
  custom_gender: string | null;
  birthday: string | null;
  is_partner: Flag;
  business_name: string | null;
  is_employee: Flag;
  email_verified_at: number | null;
  allow_personalization_cookies: Flag;
  allow_analytic_cookies: Flag;
  allow_marketing_cookies: Flag;
  mfa_secret: string | null;
  /** The last TOTP time step accepted, so a code cannot be replayed within its window. */
  mfa_last_step: number | null;
  /** JSON: referrer, utm_campaign, utm_content and invite_code given at sign-up. */
  signup_source: string | null;
  /** When the member last answered the cookie banner (migration 0020); null: never asked or never answered. */
  cookie_consent_at: number | null;
  created_at: number;
  updated_at: number;
};

/** Onboarding after sign-up (migration 0020): the step reached; completed_at once done. */
export type UserNuxTable = {
  user_id: string;
  step: string;
  completed_at: number | null;
  /** Set when onboarding ends: the next home feed is built anew from the chosen interests. */
  first_home_feed_pending: Flag;
  created_at: number;
  updated_at: number;
};

export type SessionsTable = {
  /** SHA-256 of the cookie value: a database leak does not leak live sessions. */
  id_hash: string;
  user_id: string;
  csrf_secret: string;
  limited_login: Flag;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
};

export type OneTimeTokensTable = {
  token_hash: string;
  user_id: string;
  /**
   * mfa_setup: the hash of a two-factor secret shown to its owner and not yet confirmed.
   * reset_password: a mailed link that sets a new password (auth/password-reset.service.ts).
   */
  purpose: 'verify_email' | 'handshake' | 'mfa_pending' | 'mfa_setup' | 'reset_password';
  expires_at: number;
  used_at: number | null;
  created_at: number;
};

export type PersonalAccessTokensTable = {
  id: string;
  user_id: string;
  name: string;
  token_hash: string;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
};

/** The accounts used in one browser (the multiple-accounts map); the browser id is hashed. */
export type BrowserAccountsTable = {
  browser_hash: string;
  user_id: string;
  logged_in: Flag;
  last_login_at: number;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
