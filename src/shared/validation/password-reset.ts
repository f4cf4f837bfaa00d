import { z } from 'zod';
import { Email } from './email.ts';
import { NewPassword } from './password.ts';

/** "Forgot password?": the address to mail a reset link to. */
export const PasswordResetRequestPayload = z.object({ email: Email });
export type PasswordResetRequestPayload = z.infer<typeof PasswordResetRequestPayload>;

/** The mailed link's token and the new password, which follows every sign-up rule. */
export const PasswordResetPayload = z.object({
  token: z.string().min(1, 'Required').max(256),
  new_password: NewPassword,
});
export type PasswordResetPayload = z.infer<typeof PasswordResetPayload>;
