import crypto from 'node:crypto';
import { USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH, isReservedUsername } from '../../shared/validation/username.ts';

// Room left for the digits that make a taken name unique.
const BASE_MAX_LENGTH = USERNAME_MAX_LENGTH - 6;

/**
 * The username to try first for an email address: its local part without a +tag, lowercased,
 * reduced to letters, digits and underscores ('Jane.Doe+pins@x.org' gives 'janedoe'); accented
 * letters keep their base letter ('élan' gives 'elan').
 */
export function usernameBaseFromEmail(email: string): string {
  const local = (email.split('@')[0] ?? '').split('+')[0] ?? '';
  const plain = local.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let base = plain.replace(/[^a-z0-9_]/g, '').slice(0, BASE_MAX_LENGTH);
  if (base.length < USERNAME_MIN_LENGTH) base = `${base}pinner`.slice(0, BASE_MAX_LENGTH);
  return base;
}

/**
 * Candidates in order of preference: the base itself, then the base with a growing random
 * suffix. Reserved names are skipped; every candidate is a valid username.
 */
export function usernameCandidates(base: string, count = 8, random: (max: number) => number = crypto.randomInt): string[] {
  const candidates: string[] = [];
  if (!isReservedUsername(base)) candidates.push(base);
  for (let i = 1; candidates.length < count; i += 1) {
    const digits = Math.min(2 + Math.floor(i / 3), 6);
    candidates.push(`${base}${String(random(10 ** digits)).padStart(digits, '0')}`);
  }
  return candidates;
}
