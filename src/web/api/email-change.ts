import { postForm } from './http.ts';

/** POST /v3/users/me/email/: mails a confirmation link to the new address; the email stays until it is followed. */
export async function requestEmailChange(newEmail: string, password: string): Promise<string> {
  const data = (await postForm('/v3/users/me/email/', { new_email: newEmail, password })) as { pending_email: string };
  return data.pending_email;
}

/** POST /v3/users/me/email/confirm/: the mailed token makes its address the account's. */
export async function confirmEmailChange(token: string): Promise<string> {
  const data = (await postForm('/v3/users/me/email/confirm/', { token })) as { email: string };
  return data.email;
}
