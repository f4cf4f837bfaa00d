import { describe, expect, it } from 'vitest';
import { normalizeSecret } from '../../../src/server/auth/mfa-rules.ts';
import { base32Decode, matchTotpStep, newTotpSecret, totpAt } from '../../../src/server/auth/totp.ts';
import { groupSecret, isWellFormedMfaCode, normalizeMfaCode, otpauthUri } from '../../../src/shared/mfa.ts';
import { canEnableMfa } from '../../../src/server/users/mfa-eligibility.ts';

describe('two-factor rules', () => {
  it('a new secret is 160 random bits in base32, different each time', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('the secret is shown in groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('abcdefg')).toBe('ABCD EFG');
    expect(groupSecret(' AB CD= ')).toBe('ABCD');
    expect(groupSecret('')).toBe('');
  });

  it('a secret copied back grouped or lowercase is the secret issued, and its codes still match', () => {
    const secret = newTotpSecret();
    const copied = groupSecret(secret).toLowerCase();
    expect(normalizeSecret(copied)).toBe(secret);
    const now = Date.now();
    expect(matchTotpStep(normalizeSecret(copied), totpAt(secret, now) ?? '', now)).not.toBeNull();
  });

  it('the otpauth URI names the issuer and the account, the email encoded', () => {
    expect(otpauthUri('jane@example.com', 'JBSWY3DPEHPK3PXP')).toBe('otpauth://totp/Corkboard:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Corkboard');
    const uri = new URL(otpauthUri('a+b&c=d@x.org', 'ABC'));
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Corkboard:a+b&c=d@x.org');
    expect(uri.searchParams.get('secret')).toBe('ABC');
    expect(uri.searchParams.get('issuer')).toBe('Corkboard');
  });

  it('a code is six digits; spaces and dashes people type along are ignored', () => {
    expect(normalizeMfaCode(' 123 456 ')).toBe('123456');
    expect(isWellFormedMfaCode('123-456')).toBe(true);
    expect(isWellFormedMfaCode('12345')).toBe(false);
    expect(isWellFormedMfaCode('1234567')).toBe(false);
    expect(isWellFormedMfaCode('12a456')).toBe(false);
    expect(isWellFormedMfaCode('１２３４５６')).toBe(false);
  });

  it('setup needs a password, a verified email and two-factor off', () => {
    const ready = { password_hash: '$argon2id$x', email_verified_at: 1, mfa_secret: null };
    expect(canEnableMfa(ready)).toBe(true);
    expect(canEnableMfa({ ...ready, password_hash: null })).toBe(false);
    expect(canEnableMfa({ ...ready, email_verified_at: null })).toBe(false);
    expect(canEnableMfa({ ...ready, mfa_secret: 'JBSWY3DPEHPK3PXP' })).toBe(false);
  });
});
