import type { Translate } from '../i18n/translate.tsx';
import { PASSWORD_MESSAGES } from '../../shared/validation/password.ts';

// Kept apart from messages.ts: the shared password rules bring zod, which only sign-up needs.
const PASSWORD_KEYS: Readonly<Record<string, string>> = {
  [PASSWORD_MESSAGES.required]: 'validation.required',
  [PASSWORD_MESSAGES.ascii]: 'validation.passwordAscii',
  [PASSWORD_MESSAGES.tooShort]: 'validation.passwordTooShort',
  [PASSWORD_MESSAGES.tooLong]: 'validation.passwordTooLong',
};

/** The shared password rule's message, translated. */
export function passwordMessage(t: Translate, problem: string | null): string | null {
  if (problem === null) return null;
  const key = PASSWORD_KEYS[problem];
  return key ? t(key) : problem;
}
