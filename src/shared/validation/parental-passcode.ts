import { z } from 'zod';
import { emailProblem, normalizeEmail } from './email.ts';

/** The parental passcode's rules (viewer spec section 5): exactly four digits. */
export const PASSCODE_LENGTH = 4;

export const PASSCODE_MESSAGES = {
  required: 'Required',
  digitsOnly: 'Please only use numbers',
  fourDigits: 'Please enter four digits',
  mismatch: 'Please make sure your passcodes match',
} as const;

export const BACKUP_EMAIL_MESSAGES = {
  required: 'Required',
  invalid: 'Please enter a valid email address',
  sameAsAccount: 'This email address is already used for this account',
  mismatch: 'Please make sure your email addresses match',
} as const;

/** Whitespace does not count: a passcode typed as "12 34" is 1234. */
export function normalizePasscode(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** The first broken passcode rule as the message to show, or null when the passcode is fine. */
export function passcodeProblem(raw: string): string | null {
  const passcode = normalizePasscode(raw);
  if (passcode.length === 0) return PASSCODE_MESSAGES.required;
  if (!/^\d+$/.test(passcode)) return PASSCODE_MESSAGES.digitsOnly;
  if (passcode.length !== PASSCODE_LENGTH) return PASSCODE_MESSAGES.fourDigits;
  return null;
}

/** The confirmation's problem: its own rules first, then that it matches. */
export function confirmPasscodeProblem(passcode: string, confirmation: string): string | null {
  return passcodeProblem(confirmation) ?? (normalizePasscode(passcode) === normalizePasscode(confirmation) ? null : PASSCODE_MESSAGES.mismatch);
}

/** The modal's Enter button: only for a value that is there and breaks no rule. */
export function canSubmitPasscode(raw: string): boolean {
  return raw.length > 0 && passcodeProblem(raw) === null;
}

/** The first broken backup-email rule, or null: a valid address other than the account's own. */
export function backupEmailProblem(raw: string, accountEmail: string): string | null {
  const problem = emailProblem(raw);
  if (problem) return problem;
  return normalizeEmail(raw) === normalizeEmail(accountEmail) ? BACKUP_EMAIL_MESSAGES.sameAsAccount : null;
}

export function confirmBackupEmailProblem(email: string, confirmation: string): string | null {
  if (confirmation.trim().length === 0) return BACKUP_EMAIL_MESSAGES.required;
  return normalizeEmail(email) === normalizeEmail(confirmation) ? null : BACKUP_EMAIL_MESSAGES.mismatch;
}

function checked(problem: (value: string) => string | null) {
  return z
    .string()
    .max(64, PASSCODE_MESSAGES.fourDigits)
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform(normalizePasscode);
}

/** A passcode field: checked, whitespace removed. */
export const Passcode = checked(passcodeProblem);

/** Setting or changing the passcode: the new one twice, and the current one when one is set. */
export const PasscodeSetPayload = z
  .object({
    passcode: Passcode,
    confirm_passcode: z.string().max(64),
    current_passcode: Passcode.optional(),
  })
  .superRefine((p, ctx) => {
    const message = confirmPasscodeProblem(p.passcode, p.confirm_passcode);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['confirm_passcode'] });
  });
export type PasscodeSetPayload = z.infer<typeof PasscodeSetPayload>;

/** The backup email, twice; the rule that it differs from the account's own is the server's. */
export const BackupEmailPayload = z
  .object({
    backup_email: z.string().max(1024),
    confirm_backup_email: z.string().max(1024),
    passcode: Passcode,
  })
  .superRefine((p, ctx) => {
    const problem = emailProblem(p.backup_email);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['backup_email'] });
    const mismatch = confirmBackupEmailProblem(p.backup_email, p.confirm_backup_email);
    if (!problem && mismatch) ctx.addIssue({ code: 'custom', message: mismatch, path: ['confirm_backup_email'] });
  })
  .transform((p) => ({ backup_email: normalizeEmail(p.backup_email), passcode: p.passcode }));
export type BackupEmailPayload = z.infer<typeof BackupEmailPayload>;
