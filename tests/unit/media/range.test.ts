import { describe, expect, it } from 'vitest';
import { parseRange } from '../../../src/server/media/range.ts';

describe('byte ranges (RFC 9110)', () => {
  it('reads a closed, an open and a suffix range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
  });

  it('clips an end past the file and a suffix longer than it', () => {
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('a start at or past the end is unsatisfiable (416)', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });

  it('anything else is answered with the whole file', () => {
    for (const header of [undefined, '', 'items=0-1', 'bytes=a-b', 'bytes=5-1', 'bytes=0-1,5-9', 'bytes=-']) {
      expect(parseRange(header, 1000), String(header)).toBeNull();
    }
  });
});
