import { describe, expect, it } from 'vitest';
import { newRecoveryCodes, RECOVERY_CODE_COUNT, recoveryCodeHash } from '../../../src/server/auth/recovery-codes.ts';
import { normalizeRecoveryCode } from '../../../src/shared/recovery-code.ts';

describe('two-factor recovery codes', () => {
  it('a set is ten distinct codes of two groups of five, without look-alike characters', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(RECOVERY_CODE_COUNT).toBe(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);
  });
  it('two sets share nothing', () => {
    const first = new Set(newRecoveryCodes());
    expect(newRecoveryCodes().some((code) => first.has(code))).toBe(false);
  });
  it('is typed in any case, with or without the hyphen and spaces', () => {
    const [code = ''] = newRecoveryCodes();
    const plain = code.replace('-', '');
    expect(normalizeRecoveryCode(code.toUpperCase())).toBe(plain);
    expect(normalizeRecoveryCode(` ${plain.slice(0, 5)} ${plain.slice(5)} `)).toBe(plain);
  });
  it('an authenticator code or anything else of the wrong shape is not a recovery code', () => {
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghi')).toBeNull();
    expect(normalizeRecoveryCode('abcde-fghi1')).toBeNull();
    expect(normalizeRecoveryCode('')).toBeNull();
  });
  it('is kept as a hash bound to its account', () => {
    expect(recoveryCodeHash('1', 'abcdefghjk')).not.toBe(recoveryCodeHash('2', 'abcdefghjk'));
    expect(recoveryCodeHash('1', 'abcdefghjk')).toMatch(/^[0-9a-f]{64}$/);
  });
});
