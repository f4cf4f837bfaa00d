/** Two-factor authentication rules both sides share (docs/decisions/0006-accounts-and-sessions.md). */

/** Authenticator apps show six digits. */
export const MFA_CODE_LENGTH = 6;

/** The name authenticator apps list the account under. */
export const MFA_ISSUER = 'Corkboard';

const GROUP_SIZE = 4;
const WELL_FORMED_CODE = new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`);

/**
 * The secret as a person types it into an authenticator app: groups of four, so that a line of
 * 32 letters can be read and checked piece by piece ('ABCD EFGH ...').
 */
export function groupSecret(secret: string): string {
  const plain = secret.replace(/[\s=]/g, '').toUpperCase();
  const groups: string[] = [];
  for (let i = 0; i < plain.length; i += GROUP_SIZE) groups.push(plain.slice(i, i + GROUP_SIZE));
  return groups.join(' ');
}

/** The code as typed, without the spaces and dashes people copy along ('123 456', '123-456'). */
export function normalizeMfaCode(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** Six digits after normalizing: worth sending to the server. */
export function isWellFormedMfaCode(input: string): boolean {
  return WELL_FORMED_CODE.test(normalizeMfaCode(input));
}

/**
 * The Key URI of an account's secret, as authenticator apps read it from a QR code or a link:
 * `otpauth://totp/Corkboard:<email>?secret=...&issuer=Corkboard`. SHA-1, 6 digits and 30 seconds
 * are the format's defaults, so they are left out for the widest support.
 */
export function otpauthUri(email: string, secret: string): string {
  const label = `${encodeURIComponent(MFA_ISSUER)}:${encodeURIComponent(email)}`;
  return `otpauth://totp/${label}?secret=${encodeURIComponent(secret)}&issuer=${encodeURIComponent(MFA_ISSUER)}`;
}
