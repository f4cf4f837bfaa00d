import { AppError } from '../../errors.ts';

// A segment may not start with a dot: that rules out "." and "..", and keeps dot-names free for
// the disk store's temporary files and content-type sidecars.
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/**
 * Blob keys are relative slash-separated paths of plain segments. Both stores check them, so a key
 * that reaches the store from a URL can never walk out of the media folder or the bucket prefix.
 */
export function assertBlobKey(key: string): void {
  const valid = key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => SEGMENT.test(s));
  if (!valid) throw new AppError('bad_request', 'Invalid blob key.');
}

/** A folder of keys: plain segments ending in a slash (`img/123/`), checked like a key. */
export function assertBlobPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new AppError('bad_request', 'Invalid blob prefix.');
  assertBlobKey(prefix.slice(0, -1));
}
