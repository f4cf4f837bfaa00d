import { shouldRetrySignup } from '../../shared/signup.ts';
import type { SessionAccount } from '../../shared/viewer.ts';
import { ApiError, callResource, postForm } from './http.ts';

export type SignupFields = {
  email: string;
  password: string;
  first_name: string;
  birthday: string;
  country: string;
  locale: string;
  invite_code?: string;
  utm_campaign?: string;
  utm_content?: string;
  referrer?: string;
};

export function tokenOf(data: unknown): string {
  if (typeof data !== 'string' || data === '') throw new ApiError('No token', null, 200);
  return data;
}

/** Exchanges a handshake token for a session cookie; `addAccount` keeps the current account signed in beside it. */
export async function startSession(token: string, isRegistration: boolean, addAccount = false): Promise<void> {
  await callResource('HandshakeSessionResource', 'create', { token, isRegistration, ...(addAccount ? { add_account: true } : {}) });
}

/** The accounts signed in on this browser besides the active one (the account menu's switcher). */
export async function otherSessionAccounts(activeId: string): Promise<SessionAccount[]> {
  const { session_accounts } = await callResource('UserSessionResource', 'create', { session_accounts: true });
  return session_accounts.filter((account) => account.logged_in && account.id !== activeId);
}

/** Makes another account signed in on this browser the active one; no password needed. */
export async function switchAccount(userId: string): Promise<void> {
  await callResource('UserSessionResource', 'update', { user_id: userId });
}

function withoutEmpty(fields: SignupFields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
}

/** Registration succeeded but no session could be started from its token. */
export class SignedUpNotLoggedInError extends Error {
  override name = 'SignedUpNotLoggedInError';
}

async function register(fields: SignupFields): Promise<unknown> {
  let retries = 0;
  for (;;) {
    try {
      return await postForm('/v3/register/email/handshake/', withoutEmpty(fields));
    } catch (error) {
      const code = error instanceof ApiError ? error.code : null;
      if (!shouldRetrySignup(code, retries)) throw error;
      retries += 1;
    }
  }
}

/** Signs up, retrying when the answer carried no code or a retryable one (spec section 4). */
export async function signUp(fields: SignupFields): Promise<void> {
  const data = await register(fields);
  try {
    await startSession(tokenOf(data), true);
  } catch (error) {
    throw new SignedUpNotLoggedInError('session', { cause: error });
  }
}

export async function logOut(): Promise<void> {
  await callResource('UserSessionResource', 'delete', { disable_auth_failure_redirect: true });
}

export async function resendVerificationEmail(): Promise<void> {
  await postForm('/v3/users/email/verify/resend/', {});
}
