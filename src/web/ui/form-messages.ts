import type { Translate } from '../i18n/translate.tsx';
import { ERROR_CODES } from '../api/error-codes.ts';
import { ApiError } from '../api/http.ts';

/** Our error catalogue codes the forms explain in the reader's language. */
const MESSAGE_BY_CODE: Readonly<Record<number, string>> = {
  [ERROR_CODES.rateLimited]: 'error.rateLimited',
  [ERROR_CODES.wrongPassword]: 'login.wrongPassword',
  [ERROR_CODES.emailTaken]: 'signup.emailTaken',
  [ERROR_CODES.tooYoung]: 'signup.tooYoung',
  [ERROR_CODES.wrongCode]: 'twoFactor.wrongCode',
};

export function errorMessage(t: Translate, error: unknown): string {
  if (!(error instanceof ApiError)) return navigator.onLine ? t('error.default') : t('offline.toast');
  const key = error.code === null ? undefined : MESSAGE_BY_CODE[error.code];
  if (key) return t(key);
  if (error.httpStatus >= 400 && error.httpStatus < 500 && error.detail) return error.detail;
  return t('error.default');
}

/** A text field of a submitted form; files and absent fields read as empty. */
export function formText(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}
