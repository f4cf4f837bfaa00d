import { sendForm } from './http.ts';

/** POST /v3/users/password/reset/request/: answers alike whether or not an account uses the email. */
export async function requestPasswordReset(email: string): Promise<void> {
  await sendForm('POST', '/v3/users/password/reset/request/', { email });
}

/** POST /v3/users/password/reset/: spends the mailed token; the account is signed out everywhere. */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await sendForm('POST', '/v3/users/password/reset/', { token, new_password: newPassword });
}
