import crypto from 'node:crypto';
import { promisify } from 'node:util';

const argon2 = promisify(crypto.argon2);

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane). The parameters
 * are stored with each hash, PHC style, so they can be raised later without breaking old hashes:
 * $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash> (base64 without padding).
 */
export const ARGON2_PARAMETERS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;
const SALT_BYTES = 16;

type Argon2Settings = { memory: number; passes: number; parallelism: number; tagLength: number };

async function derive(password: string, salt: Buffer, settings: Argon2Settings): Promise<Buffer> {
  return argon2('argon2id', { message: Buffer.from(password, 'utf8'), nonce: salt, ...settings });
}

function b64(buffer: Buffer): string {
  return buffer.toString('base64').replace(/=+$/, '');
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const { memory, passes, parallelism } = ARGON2_PARAMETERS;
  const hash = await derive(password, salt, ARGON2_PARAMETERS);
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,2})\$([A-Za-z0-9+/]{11,})\$([A-Za-z0-9+/]{16,})$/;

/** The parameters and salt of a stored hash, or null when it is not one of ours. */
export function parsePasswordHash(stored: string) {
  const match = PHC.exec(stored);
  if (!match) return null;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, 'base64');
  return {
    settings: { memory: Number(m), passes: Number(t), parallelism: Number(p), tagLength: expected.length },
    salt: Buffer.from(salt, 'base64'),
    expected,
  };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.settings);
  return actual.length === parsed.expected.length && crypto.timingSafeEqual(actual, parsed.expected);
}

/** True when a stored hash was made with weaker parameters than today's; rehash on next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  const { memory, passes, parallelism, tagLength } = ARGON2_PARAMETERS;
  const s = parsed.settings;
  return s.memory !== memory || s.passes !== passes || s.parallelism !== parallelism || s.tagLength !== tagLength;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification. Used when the account does not exist, so the
 * answer time does not reveal which emails have accounts.
 */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('corkboard-timing-equaliser');
  await verifyPassword(password, await dummyHash);
  return false;
}
