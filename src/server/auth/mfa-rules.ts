/**
 * How long a started setup can be confirmed: time enough to find the phone, install an
 * authenticator app and scan the code, short enough that a forgotten one lapses.
 */
export const MFA_SETUP_TTL_MS = 30 * 60 * 1000;

/** A secret as people copy it back (grouped, lowercase) in the form it was issued. */
export function normalizeSecret(secret: string): string {
  return secret.replace(/[\s=-]/g, '').toUpperCase();
}
