import { ageInYears } from '../../shared/validation/birthday.ts';
import type { LoginState, Viewer } from '../../shared/viewer.ts';
import type { User } from '../db/schema/accounts.ts';
import { EMPTY_PROFILE, type ViewerProfile } from './viewer-profile.ts';
import { canEnableMfa } from './mfa-eligibility.ts';

export function fullName(user: Pick<User, 'first_name' | 'last_name'>): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ');
}

/** The viewer mapping of spec section 3 from a user row and the member's profile (websites, picture, counts). */
export function presentViewer(user: User, loginState: LoginState, now: Date, profile: ViewerProfile = EMPTY_PROFILE): Viewer {
  const age = user.birthday ? ageInYears(user.birthday, now) : null;
  const emailVerified = user.email_verified_at !== null;
  const hasPassword = user.password_hash !== null;
  const name = fullName(user);
  return {
    id: user.id,
    username: user.username,
    full_name: name,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    has_password: hasPassword,
    is_employee: user.is_employee === 1,
    is_partner: user.is_partner === 1,
    is_under_16: age !== null && age < 16,
    is_under_18: age !== null && age < 18,
    login_state: loginState,
    created_at: new Date(user.created_at).toISOString(),
    country: user.country,
    locale: user.locale,
    gender: user.gender,
    custom_gender: user.custom_gender,
    age_in_years: age,
    allow_personalization_cookies: user.allow_personalization_cookies === 1,
    allow_analytic_cookies: user.allow_analytic_cookies === 1,
    allow_marketing_cookies: user.allow_marketing_cookies === 1,
    can_enable_mfa: canEnableMfa(user),
    has_mfa_enabled: user.mfa_secret !== null,
    email_verified: emailVerified,
    // Lead forms are prefilled only with what we know to be the person's: a name they gave and
    // an address they proved.
    is_name_eligible_for_lead_form_autofill: name !== '',
    is_email_eligible_for_lead_form_autofill: emailVerified,
    ...profile,
  };
}
