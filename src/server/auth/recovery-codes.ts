import crypto from 'node:crypto';
import { RECOVERY_CODE_ALPHABET, RECOVERY_CODE_LENGTH } from '../../shared/recovery-code.ts';
import { hashSecret } from '../common/secrets.ts';

/**
 * Two-factor recovery codes (docs/decisions/0040-account-security.md): ten per account, each
 * good for one sign-in, shown once and kept as hashes. Ten characters from an alphabet without
 * look-alikes (no 0/o, 1/l/i) give about 50 bits each; guesses share the login's rate limit.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = RECOVERY_CODE_ALPHABET;
const CODE_LENGTH = RECOVERY_CODE_LENGTH;

function newRecoveryCode(): string {
  const chars = Array.from({ length: CODE_LENGTH }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A fresh set of distinct codes, written as shown: two groups of five. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode());
  return [...codes];
}

/** What the database keeps: the hash of the code bound to its account, so equal codes of two accounts differ. */
export function recoveryCodeHash(userId: string, normalized: string): string {
  return hashSecret(`recovery:${userId}:${normalized}`);
}
