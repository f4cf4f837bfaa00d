/**
 * The shape of a two-factor recovery code (docs/decisions/0040-account-security.md): ten characters
 * from an alphabet without look-alikes (no 0/o, 1/l/i), shown as two groups of five. The login form
 * and the server read a typed code with the same rule.
 */
export const RECOVERY_CODE_ALPHABET = '23456789abcdefghjkmnpqrstuvwxyz';
export const RECOVERY_CODE_LENGTH = 10;
const SHAPE = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);

/**
 * The code as kept, or null when the typed text cannot be a recovery code (an authenticator's six
 * digits, say): case, spaces and hyphens do not matter.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const code = typed.toLowerCase().replace(/[\s-]+/g, '');
  return SHAPE.test(code) ? code : null;
}
