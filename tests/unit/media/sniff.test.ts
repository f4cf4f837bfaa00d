import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { holdsActiveContent, sniffFile } from '../../../src/server/media/sniff.ts';
import { tinyZip } from '../../contract/media/fixtures.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corkboard-sniff-'));
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, data: Buffer): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, data);
  return target;
}

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

describe('sniffing uploads by their bytes', () => {
  it('takes the type from magic numbers, not names', async () => {
    expect(await sniffFile(file('a.txt', Buffer.concat([JPEG_START, Buffer.alloc(100)])))).toMatchObject({ kind: 'image', type: 'image/jpeg' });
    await expect(sniffFile(file('b.jpg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')))).rejects.toMatchObject({
      errorName: 'unsupported_media_type',
    });
    await expect(sniffFile(file('c.jpg', Buffer.alloc(0)))).rejects.toMatchObject({ errorName: 'bad_request' });
  });

  it('finds markup anywhere, even cut in two by a read boundary', async () => {
    const size = 3 * 1024 * 1024;
    const body = Buffer.alloc(size, 0x41);
    body.write('<ScRiPt>', 1024 * 1024 - 4, 'latin1');
    expect(await holdsActiveContent(file('split.bin', body), size)).toBe(true);
    const clean = Buffer.alloc(size, 0x41);
    clean.write('<scripture is not a tag', 2 * 1024 * 1024 - 3, 'latin1');
    expect(await holdsActiveContent(file('clean.bin', clean), size)).toBe(false);
  });

  it('finds a ZIP archive at the end of a file', async () => {
    const withZip = Buffer.concat([JPEG_START, Buffer.alloc(5000, 7), tinyZip('a.txt', 'hello')]);
    expect(await holdsActiveContent(file('zip.bin', withZip), withZip.length)).toBe(true);
    // The record's signature alone, not at the end of the file, is not an archive.
    const stray = Buffer.concat([JPEG_START, Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(5000, 7)]);
    expect(await holdsActiveContent(file('stray.bin', stray), stray.length)).toBe(false);
  });
});
