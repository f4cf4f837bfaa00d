import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { rebuildJpeg } from '../../../src/server/media/jpeg-segments.ts';
import { GPS_MARKER, jpegWithGpsAndRotation, scene, tinyZip } from '../../contract/media/fixtures.ts';

/** The markers of a JPEG, in order, outside its entropy-coded data. */
function markers(jpeg: Buffer): number[] {
  const found: number[] = [];
  for (let at = 2; at + 1 < jpeg.length;) {
    const marker = jpeg[at + 1] ?? 0;
    found.push(marker);
    if (marker === 0xd9) break;
    at += 2 + jpeg.readUInt16BE(at + 2);
    if (marker === 0xda) {
      while (!(jpeg[at] === 0xff && jpeg[at + 1] !== 0 && ((jpeg[at + 1] ?? 0) < 0xd0 || (jpeg[at + 1] ?? 0) > 0xd7))) at += 1;
    }
  }
  return found;
}

const isMetadata = (marker: number) => (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;

/** A segment with its marker and length, as it sits in a file. */
function segment(marker: number, body: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/** The same file with segments inserted right after SOI. */
function withSegments(jpeg: Buffer, ...segments: Buffer[]): Buffer {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

const decoded = async (jpeg: Buffer) => sharp(jpeg, { failOn: 'truncated' }).raw().toBuffer();

/**
 * A 16×16 grey JPEG written by hand with a restart marker after every 8×8 block (DRI 1), which
 * no encoder we have writes: every pixel is 160 (DC 256 with a quantiser of 1, all AC zero).
 */
function jpegWithRestarts(): Buffer {
  const tables = Buffer.concat([
    segment(0xdb, Buffer.concat([Buffer.from([0x00]), Buffer.alloc(64, 1)])),
    segment(0xc0, Buffer.from([8, 0, 16, 0, 16, 1, 1, 0x11, 0])),
    // One DC code ('0': category 9) and one AC code ('0': end of block).
    segment(0xc4, Buffer.concat([Buffer.from([0x00, 1]), Buffer.alloc(15), Buffer.from([9])])),
    segment(0xc4, Buffer.concat([Buffer.from([0x10, 1]), Buffer.alloc(15), Buffer.from([0])])),
    segment(0xdd, Buffer.from([0, 1])),
    segment(0xda, Buffer.from([1, 1, 0x00, 0, 63, 0])),
  ]);
  // Each block: 0, 100000000 (the DC difference 256 from a reset predictor), 0, then 1s to the byte.
  const block = [0x40, 0x1f];
  const scan = [...block, 0xff, 0xd0, ...block, 0xff, 0xd1, ...block, 0xff, 0xd2, ...block];
  return Buffer.concat([Buffer.from([0xff, 0xd8]), tables, Buffer.from(scan), Buffer.from([0xff, 0xd9])]);
}

describe('rebuilding a JPEG from its image segments', () => {
  it('keeps a baseline picture byte for byte and drops JFIF, EXIF and comments', async () => {
    const jpeg = await scene(320, 240, 3)
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { Make: 'TestCam' } })
      .toBuffer();
    const tagged = withSegments(jpeg, segment(0xfe, Buffer.from('a comment')));
    expect(markers(tagged).some(isMetadata)).toBe(true);
    const rebuilt = rebuildJpeg(tagged);
    expect(markers(rebuilt.data).some(isMetadata)).toBe(false);
    expect(markers(rebuilt.data).at(-1)).toBe(0xd9);
    expect(rebuilt.data.includes(Buffer.from('TestCam'))).toBe(false);
    expect(rebuilt.sameColours).toBe(true);
    expect((await decoded(rebuilt.data)).equals(await decoded(tagged))).toBe(true);
  });

  it('keeps every scan and table of a progressive picture', async () => {
    const jpeg = await scene(320, 240, 4).jpeg({ quality: 85, progressive: true }).toBuffer();
    const rebuilt = rebuildJpeg(jpeg).data;
    const scans = (list: number[]) => list.filter((m) => m === 0xda).length;
    expect(scans(markers(rebuilt))).toBeGreaterThan(1);
    expect(scans(markers(rebuilt))).toBe(scans(markers(jpeg)));
    expect(markers(rebuilt).filter((m) => m === 0xc4).length).toBe(markers(jpeg).filter((m) => m === 0xc4).length);
    expect((await decoded(rebuilt)).equals(await decoded(jpeg))).toBe(true);
  });

  it('reads restart markers as part of the scan', async () => {
    const jpeg = jpegWithRestarts();
    expect((await decoded(jpeg)).every((value) => value === 160)).toBe(true);
    const rebuilt = rebuildJpeg(withSegments(jpeg, segment(0xe1, Buffer.from('Exif\0\0junk')))).data;
    expect(rebuilt.equals(jpeg)).toBe(true);
  });

  it('removes EXIF with its GPS block', async () => {
    const jpeg = await jpegWithGpsAndRotation();
    expect(jpeg.includes(Buffer.from(GPS_MARKER))).toBe(true);
    const rebuilt = rebuildJpeg(jpeg).data;
    expect(rebuilt.includes(Buffer.from(GPS_MARKER))).toBe(false);
    expect(rebuilt.includes(Buffer.from('Exif'))).toBe(false);
    expect((await sharp(rebuilt).metadata()).exif).toBeUndefined();
    expect((await decoded(rebuilt)).equals(await decoded(jpeg))).toBe(true);
  });

  it('cuts whatever follows the end of the picture', async () => {
    const jpeg = await scene(200, 150, 5).jpeg().toBuffer();
    const plain = rebuildJpeg(jpeg).data;
    const motionPhoto = Buffer.concat([jpeg, Buffer.from('....ftypmp42 pretend this is a video')]);
    expect(rebuildJpeg(motionPhoto).data.equals(plain)).toBe(true);
    expect(rebuildJpeg(Buffer.concat([jpeg, tinyZip('a.txt', 'archived')])).data.equals(plain)).toBe(true);
  });

  it('refuses a truncated file and garbage with the unreadable error', async () => {
    const jpeg = await scene(200, 150, 6).jpeg({ progressive: true }).toBuffer();
    const unreadable = { errorName: 'bad_request', message: expect.stringMatching(/could not be read/) as unknown };
    for (const length of [1, 3, 20, 200, Math.floor(jpeg.length / 2), jpeg.length - 1]) {
      expect(() => rebuildJpeg(jpeg.subarray(0, length)), `cut at ${length}`).toThrow(expect.objectContaining(unreadable));
    }
    const garbage = Buffer.concat([jpeg.subarray(0, 2), Buffer.from('not a segment at all')]);
    expect(() => rebuildJpeg(garbage)).toThrow(expect.objectContaining(unreadable));
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(() => rebuildJpeg(png)).toThrow(expect.objectContaining(unreadable));
    const noPicture = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);
    expect(() => rebuildJpeg(noPicture)).toThrow(expect.objectContaining(unreadable));
  });

  it('tells whether the colours survive without the dropped markers', async () => {
    const bare = rebuildJpeg(await scene(64, 48, 7).jpeg().toBuffer()).data;
    const adobe = (transform: number) => segment(0xee, Buffer.from([...Buffer.from('Adobe'), 0, 100, 0, 0, 0, 0, transform]));
    const jfif = segment(0xe0, Buffer.from([...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]));
    expect(rebuildJpeg(withSegments(bare, adobe(1))).sameColours).toBe(true);
    // Adobe transform 0 declares RGB data, which a decoder would read as YCbCr without the marker.
    expect(rebuildJpeg(withSegments(bare, adobe(0))).sameColours).toBe(false);
    expect(rebuildJpeg(withSegments(bare, jfif, adobe(0))).sameColours).toBe(true);
    const grey = await scene(64, 48, 7).toColourspace('b-w').jpeg().toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    expect(rebuildJpeg(grey).sameColours).toBe(true);
    const cmyk = await scene(64, 48, 7).toColourspace('cmyk').jpeg().toBuffer();
    expect(rebuildJpeg(cmyk).sameColours).toBe(false);
  });
});
