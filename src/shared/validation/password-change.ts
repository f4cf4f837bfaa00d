import { PASSWORD_MESSAGES, passwordProblem } from './password.ts';

export const PASSWORD_CHANGE_MESSAGES = {
  mismatch: 'Please make sure your passwords match',
  unchanged: 'Your new password must be different from your current one.',
} as const;

export type PasswordChangeFields = {
  /** Absent for an account without a password (it sets one). */
  current: string | null;
  next: string;
  confirm: string;
};

export type PasswordChangeProblems = Partial<Record<keyof PasswordChangeFields, string>>;

/**
 * The change-password form's rules: the current password is required when the account has
 * one, the new one follows every sign-up rule and differs from it, and the confirmation matches.
 */
export function passwordChangeProblems(fields: PasswordChangeFields): PasswordChangeProblems {
  const problems: PasswordChangeProblems = {};
  if (fields.current !== null && fields.current.length === 0) problems.current = PASSWORD_MESSAGES.required;
  const next = passwordProblem(fields.next);
  if (next) problems.next = next;
  else if (fields.current !== null && fields.next === fields.current) problems.next = PASSWORD_CHANGE_MESSAGES.unchanged;
  if (fields.confirm.length === 0) problems.confirm = PASSWORD_MESSAGES.required;
  else if (fields.confirm !== fields.next) problems.confirm = PASSWORD_CHANGE_MESSAGES.mismatch;
  return problems;
}
