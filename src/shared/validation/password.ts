import { z } from 'zod';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_MESSAGES = {
  required: 'Required',
  ascii: 'Oops! Your password can only have letters, numbers and basic symbols.',
  tooShort: `Your password is too short! You need ${PASSWORD_MIN_LENGTH}+ characters.`,
  tooLong: `Your password is too long! Use at most ${PASSWORD_MAX_LENGTH} characters.`,
} as const;

// Printable ASCII only: what every keyboard can type, so nobody is locked out by a layout change.
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** The first broken password rule as the message to show, or null when the password is fine. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return PASSWORD_MESSAGES.required;
  if (!PRINTABLE_ASCII.test(password)) return PASSWORD_MESSAGES.ascii;
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** A new password (sign-up, change): every rule applies. */
export const NewPassword = z.string().superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/** A password typed to log in: only bounded, so old passwords keep working if the rules change. */
export const GivenPassword = z.string().min(1, PASSWORD_MESSAGES.required).max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);
