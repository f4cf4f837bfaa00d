import { startSession, tokenOf } from './auth.ts';
import { ERROR_CODES } from './error-codes.ts';
import { ApiError, postForm } from './http.ts';

/** Signed in, or the password was right and the account's two-factor code comes next. */
export type LoginResult = { kind: 'signedIn' } | { kind: 'codeRequired'; pendingToken: string };

/** The pending token of an `mfa_required` answer, or null for any other failure. */
function pendingTokenOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== ERROR_CODES.mfaRequired) return null;
  const token = error.extra?.['token'];
  return typeof token === 'string' && token !== '' ? token : null;
}

/** `addAccount` keeps the browser's current account signed in beside this one. */
export async function logIn(usernameOrEmail: string, password: string, addAccount = false): Promise<LoginResult> {
  let data: unknown;
  try {
    data = await postForm('/v3/login/handshake/', {
      username_or_email: usernameOrEmail.trim(),
      password,
      referrer: document.referrer,
    });
  } catch (error) {
    const pendingToken = pendingTokenOf(error);
    if (pendingToken === null) throw error;
    return { kind: 'codeRequired', pendingToken };
  }
  await startSession(tokenOf(data), false, addAccount);
  return { kind: 'signedIn' };
}

/** The second login step: the pending token and a code from the authenticator app. */
export async function logInWithCode(pendingToken: string, code: string, addAccount = false): Promise<void> {
  const data = await postForm('/v3/login/mfa/handshake/', { token: pendingToken, mfa_token: code, referrer: document.referrer });
  await startSession(tokenOf(data), false, addAccount);
}
