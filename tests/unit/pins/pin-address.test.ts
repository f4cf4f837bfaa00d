import { describe, expect, it } from 'vitest';
import { pinIdOfAddress } from '../../../src/shared/pin-address.ts';

describe('the pin of a closeup address', () => {
  it.each([
    ['123', '123'],
    ['some-title--123', '123'],
    ['a-title-with--dashes--987654321', '987654321'],
    ['--42', '42'],
    ['café-au-lait--7', '7'],
  ])('%s is pin %s', (segment, id) => {
    expect(pinIdOfAddress(segment)).toBe(id);
  });

  it.each(['some-title', 'some-title--', 'some-title-123', 'title--12a', 'title--123456789012345678901'])(
    '%s names no pin: left for the resource to refuse',
    (segment) => {
      expect(pinIdOfAddress(segment)).toBe(segment);
    },
  );
});
