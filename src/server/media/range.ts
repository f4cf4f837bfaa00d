/** A byte range of a file, inclusive at both ends (as in Content-Range). */
export type ByteRange = { start: number; end: number };

/**
 * Reads a `Range: bytes=...` header against a file of `size` bytes (RFC 9110 section 14). Answers
 * the one range to send, 'unsatisfiable' for a 416, or null to send the whole file: no header,
 * another unit, a malformed value or several ranges (which a server may answer in full).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
