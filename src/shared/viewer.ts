import { z } from 'zod';

/** Full sign-in, or limited login: signed in but asked to sign in fully (docs/decisions/0006-accounts-and-sessions.md). */
export const LOGIN_STATES = ['full', 'limited'] as const;
export type LoginState = (typeof LOGIN_STATES)[number];

/**
 * The signed-in viewer (spec section 3, "Viewer"), as /v3/users/me/ answers it and the page
 * bootstrap embeds it. Field names are the spec's.
 */
export const Viewer = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  has_password: z.boolean(),
  is_employee: z.boolean(),
  is_partner: z.boolean(),
  is_private_profile: z.boolean(),
  is_under_16: z.boolean(),
  is_under_18: z.boolean(),
  is_write_banned: z.boolean(),
  login_state: z.enum(LOGIN_STATES),
  image_small_url: z.string().nullable(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  image_xlarge_url: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
  country: z.string(),
  locale: z.string(),
  gender: z.string().nullable(),
  custom_gender: z.string().nullable(),
  age_in_years: z.number().int().nullable(),
  allow_personalization_cookies: z.boolean(),
  allow_analytic_cookies: z.boolean(),
  allow_marketing_cookies: z.boolean(),
  can_enable_mfa: z.boolean(),
  has_mfa_enabled: z.boolean(),
  /** Spec section 3, "parental-control passcode flags": whether the member set one (protected settings then ask for it). */
  has_parental_control_passcode: z.boolean(),
  email_verified: z.boolean(),
  is_name_eligible_for_lead_form_autofill: z.boolean(),
  is_email_eligible_for_lead_form_autofill: z.boolean(),
  verified_user_websites: z.array(z.string()).describe('Websites the member verified: host[:port][/path]'),
  is_any_website_verified: z.boolean(),
  domain_url: z.string().nullable(),
  domain_verified: z.boolean(),
  /** The member's own counts, secret boards and their pins included. */
  board_count: z.number().int(),
  group_board_count: z.number().int(),
  secret_board_count: z.number().int(),
  pin_count: z.number().int(),
});
export type Viewer = z.infer<typeof Viewer>;

/** One account this browser has signed in to (UserSessionResource session_accounts). */
export const SessionAccount = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  email: z.string(),
  image_medium_url: z.string().nullable(),
  image_large_url: z.string().nullable(),
  logged_in: z.boolean(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;
