import { sendForm } from './http.ts';

/**
 * PUT /v3/users/me/password/: the server checks the current password (absent for an account
 * without one) and the parental passcode when the account has one, stores the new one and ends
 * every other session of the account.
 */
export async function changePassword(currentPassword: string | null, newPassword: string, parentalPasscode?: string): Promise<void> {
  const fields: Record<string, string> = { new_password: newPassword };
  if (currentPassword !== null) fields['old_password'] = currentPassword;
  if (parentalPasscode !== undefined) fields['parental_passcode'] = parentalPasscode;
  await sendForm('PUT', '/v3/users/me/password/', fields);
}
