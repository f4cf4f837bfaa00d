import { postForm } from './http.ts';

/**
 * POST /v3/users/me/email/: mails a confirmation link to the new address; the email stays until it
 * is followed. The parental passcode goes along when the account has one.
 */
export async function requestEmailChange(newEmail: string, password: string, parentalPasscode?: string): Promise<string> {
  const fields: Record<string, string> = { new_email: newEmail, password };
  if (parentalPasscode !== undefined) fields['parental_passcode'] = parentalPasscode;
  const data = (await postForm('/v3/users/me/email/', fields)) as { pending_email: string };
  return data.pending_email;
}

/** POST /v3/users/me/email/confirm/: the mailed token makes its address the account's. */
export async function confirmEmailChange(token: string): Promise<string> {
  const data = (await postForm('/v3/users/me/email/confirm/', { token })) as { email: string };
  return data.email;
}
