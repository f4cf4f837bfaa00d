import { z } from 'zod';
import { GivenPassword } from './password.ts';
import { lineText } from './signup.ts';

/** A code as typed; whether it is right is the service's to say, so only its size is checked here. */
const MfaCode = lineText(16).trim().min(1, 'Required');

/** POST /v3/users/me/mfa/setup/confirm/: the secret the setup showed, a current code from it, and the password. */
export const MfaConfirmPayload = z.object({
  secret: lineText(128).trim().min(1, 'Required'),
  code: MfaCode,
  password: GivenPassword,
});
export type MfaConfirmPayload = z.infer<typeof MfaConfirmPayload>;

/** POST /v3/users/me/mfa/disable/: the password and a current code. */
export const MfaDisablePayload = z.object({
  password: GivenPassword,
  code: MfaCode,
});
export type MfaDisablePayload = z.infer<typeof MfaDisablePayload>;

/** What starting a setup answers: the pending secret and its Key URI. */
export const MfaSetup = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type MfaSetup = z.infer<typeof MfaSetup>;
