import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMETERS, hashPassword, needsRehash, parsePasswordHash, verifyPassword } from '../../../src/server/auth/password-hash.ts';

describe('password hashing (argon2id)', () => {
  it('uses OWASP parameters: at least 19 MiB, 2 passes, 1 lane', () => {
    expect(ARGON2_PARAMETERS.memory).toBeGreaterThanOrEqual(19456);
    expect(ARGON2_PARAMETERS.passes).toBeGreaterThanOrEqual(2);
    expect(ARGON2_PARAMETERS.parallelism).toBe(1);
  });

  it('stores a PHC string with the parameters and a random salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses others', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsf', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('refuses a stored value that is not one of our hashes', async () => {
    expect(await verifyPassword('x', 'plain text')).toBe(false);
    expect(parsePasswordHash('$argon2i$v=19$m=1,t=1,p=1$aaaa$bbbb')).toBeNull();
  });

  it('asks for a rehash when the parameters were weaker', async () => {
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2g')).toBe(true);
  });
});
