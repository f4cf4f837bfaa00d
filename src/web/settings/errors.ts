import type { Translate } from '../i18n/translate.tsx';
import { loginPathFor } from '../../shared/next-location.ts';
import { ApiError } from '../api/http.ts';
import { errorMessage } from '../ui/form-messages.ts';

/** The catalogue's `unauthorized`: the session ended (signed out elsewhere, or it expired). */
const UNAUTHORIZED_CODE = 2;

export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus === 401 && error.code === UNAUTHORIZED_CODE;
}

/**
 * The text to show for a failed settings call; a call refused because the session ended sends
 * the viewer to log in and back here instead, and answers null.
 */
export function settingsError(t: Translate, error: unknown): string | null {
  if (isSignedOut(error)) {
    window.location.assign(loginPathFor(window.location.pathname + window.location.search));
    return null;
  }
  return errorMessage(t, error);
}
