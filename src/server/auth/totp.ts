import crypto from 'node:crypto';

/** RFC 6238 TOTP as authenticator apps use it: HMAC-SHA1, 30 second steps, 6 digits. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes from one step before or after are accepted, for clocks a little apart. */
export const TOTP_WINDOW = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(input: string): Buffer | null {
  const clean = input.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function base32Encode(data: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of data) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32.charAt((value >>> (bits - 5)) & 31);
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32.charAt((value << (5 - bits)) & 31);
  return out;
}

/** RFC 4226 HOTP of one counter value. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = crypto.createHmac('sha1', key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

export function totpAt(secretBase32: string, timeMs: number): string | null {
  const key = base32Decode(secretBase32);
  if (!key || key.length === 0) return null;
  return hotp(key, Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS));
}

/**
 * The time step a code belongs to, checking the steps around `timeMs`, or null when it matches
 * none. Every candidate is compared, in constant time, whatever matched first.
 */
export function matchTotpStep(secretBase32: string, code: string, timeMs: number): number | null {
  const key = base32Decode(secretBase32);
  const given = code.replace(/\s/g, '');
  if (!key || key.length === 0 || !/^\d{6}$/.test(given)) return null;
  const step = Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
  let matched: number | null = null;
  for (let offset = -TOTP_WINDOW; offset <= TOTP_WINDOW; offset += 1) {
    const expected = Buffer.from(hotp(key, step + offset));
    if (crypto.timingSafeEqual(expected, Buffer.from(given))) matched = step + offset;
  }
  return matched;
}

export function newTotpSecret(): string {
  return base32Encode(crypto.randomBytes(20));
}
