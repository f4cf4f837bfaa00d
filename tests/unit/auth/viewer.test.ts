import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/server/db/schema/accounts.ts';
import { presentViewer } from '../../../src/server/users/users.present.ts';
import { Viewer } from '../../../src/shared/viewer.ts';

const user: User = {
  id: '1',
  email: 'jane@example.com',
  username: 'jane',
  password_hash: '$argon2id$...',
  first_name: 'Jane',
  last_name: 'Doe',
  country: 'FR',
  locale: 'fr',
  gender: null,
  custom_gender: null,
  birthday: '2010-06-15',
  is_partner: 0,
  business_name: null,
  is_employee: 0,
  email_verified_at: null,
  allow_personalization_cookies: 0,
  allow_analytic_cookies: 0,
  allow_marketing_cookies: 0,
  mfa_secret: null,
  mfa_last_step: null,
  signup_source: null,
  cookie_consent_at: null,
  created_at: Date.UTC(2025, 0, 1),
  updated_at: Date.UTC(2025, 0, 1),
};
const now = new Date(Date.UTC(2025, 5, 1));

describe('viewer mapping', () => {
  it('matches the shared schema and maps the spec fields', () => {
    const viewer = Viewer.parse(presentViewer(user, 'full', now));
    expect(viewer).toMatchObject({ full_name: 'Jane Doe', has_password: true, created_at: '2025-01-01T00:00:00.000Z', country: 'FR' });
  });

  it('cookie consent flags default to false', () => {
    const viewer = presentViewer(user, 'full', now);
    expect([viewer.allow_personalization_cookies, viewer.allow_analytic_cookies, viewer.allow_marketing_cookies]).toEqual([false, false, false]);
  });

  it('age flags follow the birthday', () => {
    expect(presentViewer(user, 'full', now)).toMatchObject({ age_in_years: 14, is_under_16: true, is_under_18: true });
    expect(presentViewer({ ...user, birthday: null }, 'full', now)).toMatchObject({ age_in_years: null, is_under_16: false });
  });

  it('lead-form autofill: the name when there is one, the email only once verified', () => {
    expect(presentViewer(user, 'full', now)).toMatchObject({ is_name_eligible_for_lead_form_autofill: true, is_email_eligible_for_lead_form_autofill: false });
    const verified = { ...user, first_name: '', last_name: '', email_verified_at: 1 };
    expect(presentViewer(verified, 'full', now)).toMatchObject({
      is_name_eligible_for_lead_form_autofill: false,
      is_email_eligible_for_lead_form_autofill: true,
    });
  });

  it('MFA can be enabled with a password and a verified email, once', () => {
    expect(presentViewer(user, 'full', now).can_enable_mfa).toBe(false);
    expect(presentViewer({ ...user, email_verified_at: 1 }, 'full', now).can_enable_mfa).toBe(true);
    expect(presentViewer({ ...user, email_verified_at: 1, mfa_secret: 'ABC' }, 'full', now)).toMatchObject({ can_enable_mfa: false, has_mfa_enabled: true });
  });

  it('limited login shows as login_state', () => {
    expect(presentViewer(user, 'limited', now).login_state).toBe('limited');
  });
});
