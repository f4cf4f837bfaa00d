import { BACKUP_EMAIL_MESSAGES, PASSCODE_MESSAGES } from '../../shared/validation/parental-passcode.ts';
import type { Translate } from '../i18n/translate.tsx';
import { ApiError } from '../api/http.ts';

const KEYS: Record<string, string> = {
  [PASSCODE_MESSAGES.required]: 'validation.required',
  [PASSCODE_MESSAGES.digitsOnly]: 'passcode.digitsOnly',
  [PASSCODE_MESSAGES.fourDigits]: 'passcode.fourDigits',
  [PASSCODE_MESSAGES.mismatch]: 'passcode.mismatch',
  [BACKUP_EMAIL_MESSAGES.invalid]: 'passcode.backupInvalid',
  [BACKUP_EMAIL_MESSAGES.sameAsAccount]: 'passcode.backupSame',
  [BACKUP_EMAIL_MESSAGES.mismatch]: 'passcode.backupMismatch',
};

/** A rule's message (the spec's English text) in the reader's language. */
export function passcodeMessage(t: Translate, message: string): string {
  const key = KEYS[message];
  return key ? t(key) : message;
}

/** Whether the server refused a protected change for want of the right parental passcode. */
export function needsPasscode(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 403 && typeof error.extra?.['parental_passcode'] === 'string';
}
