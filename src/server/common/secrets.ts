import crypto from 'node:crypto';

/** A fresh random secret of 256 bits, URL-safe. */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a leaked table opens no account. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/**
 * Compares two strings in time independent of where they differ. Both sides are hashed first
 * so that neither the lengths nor a common prefix leak through timing.
 */
export function safeEqual(a: string, b: string): boolean {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right) && a.length === b.length;
}
