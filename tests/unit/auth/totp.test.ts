import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotpStep, totpAt } from '../../../src/server/auth/totp.ts';

// RFC 6238 appendix B, SHA-1 seed "12345678901234567890"; the spec's 8-digit values, last 6 digits.
const SEED = base32Encode(Buffer.from('12345678901234567890'));
const VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s the code is %s', (seconds, code) => {
    expect(totpAt(SEED, seconds * 1000)).toBe(code);
  });

  it('HOTP matches RFC 4226 appendix D', () => {
    const key = Buffer.from('12345678901234567890');
    expect([0, 1, 2, 9].map((c) => hotp(key, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts the code of the previous and next step, not two steps away', () => {
    const now = 1234567890_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(SEED, totpAt(SEED, now - 30_000) ?? '', now)).toBe(step - 1);
    expect(matchTotpStep(SEED, totpAt(SEED, now + 30_000) ?? '', now)).toBe(step + 1);
    expect(matchTotpStep(SEED, totpAt(SEED, now - 60_000) ?? '', now)).toBeNull();
    expect(matchTotpStep(SEED, totpAt(SEED, now) ?? '', now)).toBe(step);
  });

  it('refuses malformed codes and secrets', () => {
    expect(matchTotpStep(SEED, '12345', 0)).toBeNull();
    expect(matchTotpStep(SEED, 'abcdef', 0)).toBeNull();
    expect(matchTotpStep('not base32!', '123456', 0)).toBeNull();
  });

  it('base32 round-trips', () => {
    const data = Buffer.from([0, 1, 2, 250, 251, 252, 253]);
    expect(base32Decode(base32Encode(data))).toEqual(data);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});
