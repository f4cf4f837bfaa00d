import type { Translate } from '../i18n/translate.tsx';
import { PASSWORD_CHANGE_MESSAGES, type PasswordChangeProblems } from '../../shared/validation/password-change.ts';
import { passwordMessage } from '../auth/password-message.ts';

const CHANGE_KEYS: Readonly<Record<string, string>> = {
  [PASSWORD_CHANGE_MESSAGES.mismatch]: 'password.mismatch',
  [PASSWORD_CHANGE_MESSAGES.unchanged]: 'password.unchanged',
};

/** The shared change-password rules' messages, translated field by field. */
export function translateProblems(t: Translate, problems: PasswordChangeProblems): PasswordChangeProblems {
  const translated: PasswordChangeProblems = {};
  for (const [field, problem] of Object.entries(problems) as [keyof PasswordChangeProblems, string][]) {
    const key = CHANGE_KEYS[problem];
    translated[field] = key ? t(key) : (passwordMessage(t, problem) ?? problem);
  }
  return translated;
}
