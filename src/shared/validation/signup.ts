import { z } from 'zod';
import { normalizeLocale } from '../locale.ts';
import { Passcode } from './parental-passcode.ts';
import { Birthday } from './birthday.ts';
import { Email } from './email.ts';
import { GivenPassword, NewPassword } from './password.ts';
import { Username } from './username.ts';

// Control characters have no place in a one-line field, and PostgreSQL refuses NUL in text.
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;
const NO_CONTROL_CHARACTERS = 'Please remove special characters.';

/** A one-line text field: no control characters. */
export function lineText(max: number) {
  return z
    .string()
    .max(max)
    .refine((value) => withoutControlCharacters(value) === value, NO_CONTROL_CHARACTERS);
}

export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '');
}

/** An optional text field of a form: trimmed, bounded, and absent when left blank. */
function optionalText(max: number) {
  return lineText(max)
    .transform((value) => value.trim() || undefined)
    .optional();
}

function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
}

export const NAME_MAX_LENGTH = 100;

/**
 * The language asked for, as a BCP 47 tag (`en-US`) or in the stored form (`en_US`), kept as the
 * closest locale the app serves, as every other locale the app reads (src/shared/locale.ts).
 */
export const SignupLocale = z
  .string()
  .max(35)
  .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/, 'Please choose a language.')
  .transform((tag, ctx) => {
    const locale = normalizeLocale(tag);
    if (locale === null) ctx.addIssue({ code: 'custom', message: 'Please choose a language.' });
    return locale ?? z.NEVER;
  });

export const GENDERS = ['male', 'female', 'unspecified', 'custom'] as const;

/** The sign-up payload of spec section 3 (form-encoded); unknown fields are ignored. */
export const SignupPayload = z.object({
  email: Email,
  password: NewPassword,
  username: optionalField(Username),
  first_name: optionalText(NAME_MAX_LENGTH),
  last_name: optionalText(NAME_MAX_LENGTH),
  country: optionalField(
    z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'Please choose a country.')
      .transform((c) => c.toUpperCase()),
  ),
  locale: optionalField(SignupLocale),
  birthday: optionalField(Birthday),
  gender: optionalField(z.enum(GENDERS)),
  custom_gender: optionalText(60),
  business_name: optionalText(NAME_MAX_LENGTH),
  invite_code: optionalText(128),
  referrer: optionalText(2048),
  utm_campaign: optionalText(256),
  utm_content: optionalText(256),
  facebook_id: optionalText(128),
  facebook_token: optionalText(4096),
  recaptcha_v3_token: optionalText(4096),
  visited_pages: optionalText(8192),
  user_behavior_data: optionalText(8192),
});
export type SignupPayload = z.infer<typeof SignupPayload>;

/** The login payload of spec section 3; username_or_email is trimmed. */
export const LoginPayload = z.object({
  username_or_email: lineText(256).trim().min(1, 'Required'),
  password: GivenPassword,
  referrer: optionalText(2048),
  mfa_token: optionalText(16),
  recaptcha_v3_token: optionalText(4096),
});
export type LoginPayload = z.infer<typeof LoginPayload>;

/**
 * The second login step for accounts with two-factor authentication: the code, with either
 * the pending token from the first step or the credentials again.
 */
export const MfaLoginPayload = z
  .object({
    mfa_token: lineText(16).trim().min(1, 'Required'),
    token: optionalText(128),
    username_or_email: optionalText(256),
    password: GivenPassword.optional(),
    referrer: optionalText(2048),
  })
  .refine((p) => p.token !== undefined || (p.username_or_email !== undefined && p.password !== undefined), {
    message: 'Required',
    path: ['token'],
  });
export type MfaLoginPayload = z.infer<typeof MfaLoginPayload>;

export const PasswordChangePayload = z.object({
  old_password: z.string().max(256).optional(),
  new_password: NewPassword,
  /** Needed when the account has a parental passcode: the password is a protected setting. */
  parental_passcode: Passcode.optional(),
});
export type PasswordChangePayload = z.infer<typeof PasswordChangePayload>;
