import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { toolPath } from '../../../src/server/media/ffmpeg.ts';

/** Pictures, hostile files and videos made in the tests, so no fixture file needs to be kept. */

export const GPS_MARKER = 'CORKBOARD-GPS-MARKER';

/** Left half red, right half blue: orientation shows in where the colours end up. */
export async function halves(width: number, height: number): Promise<Sharp> {
  const left = await sharp({ create: { width: Math.ceil(width / 2), height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([{ input: left, left: 0, top: 0 }]);
}

/** A photo-like picture (gradient, overlapping discs) with a seed for variety. */
export function scene(width: number, height: number, seed = 1): Sharp {
  const discs = Array.from({ length: 40 }, (_, i) => {
    const n = i * 7919 + seed * 104729;
    return `<circle cx="${n % width}" cy="${(n * 3) % height}" r="${10 + (n % Math.max(20, Math.floor(width / 5)))}" fill="hsl(${(n * 37) % 360},70%,50%)" opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 53) % 360},60%,40%)"/><stop offset="1" stop-color="#f5e6c8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${discs}</svg>`;
  return sharp(Buffer.from(svg));
}

/** A JPEG with EXIF (camera make, a GPS block) and orientation 6: stored 600×400, shown 400×600. */
export async function jpegWithGpsAndRotation(): Promise<Buffer> {
  const tagged = await (
    await halves(600, 400)
  )
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSMapDatum: GPS_MARKER, GPSLatitudeRef: 'N' } })
    .toBuffer();
  return sharp(tagged).keepExif().withMetadata({ orientation: 6 }).jpeg().toBuffer();
}

/** A two-frame animated GIF: red then green. */
export async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frame = (colour: string) =>
    sharp({ create: { width, height, channels: 3, background: colour } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame('#ff0000'), await frame('#00ff00')]);
  return sharp(frames, { raw: { width, height: height * 2, channels: 3, pageHeight: height } })
    .gif({ delay: [100, 100] })
    .toBuffer();
}

/** A small valid PNG whose header declares `side`×`side` pixels: a decompression bomb. */
export function pngBomb(side = 100_000): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = zlib.deflateSync(Buffer.alloc((side + 1) * 8));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', rows), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), body])));
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, crc]);
}

/** A ZIP archive of one stored file, enough for any ZIP reader to open. */
export function tinyZip(name: string, content: string): Buffer {
  const data = Buffer.from(content);
  const fileName = Buffer.from(name);
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localLength = local.length + fileName.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(localLength, 16);
  return Buffer.concat([local, fileName, data, central, fileName, end]);
}

/** A GIF that is also JavaScript: `GIF89a=...;alert(1)//` style, the classic GIFAR-like trick. */
export async function gifScriptPolyglot(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#123456' } })
    .gif()
    .toBuffer();
  // The logical screen width bytes (2F 2A = "/*") open a JS comment the trailer closes.
  const polyglot = Buffer.from(gif);
  polyglot.writeUInt16LE(0x2a2f, 6);
  return Buffer.concat([polyglot, Buffer.from('*/=1;document.title="pwned";//')]);
}

export type MultipartUpload = { payload: Buffer; headers: Record<string, string> };

const BOUNDARY = '----corkboard-test-boundary-7MA4YWxkTrZu0gW';

export function multipart(data: Buffer, filename = 'upload.bin', contentType = 'application/octet-stream'): MultipartUpload {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A multipart body whose file holds `size` zero bytes, produced as a stream (never allocated whole). */
export function streamedMultipart(size: number): { payload: Readable; headers: Record<string, string> } {
  const chunk = Buffer.alloc(1024 * 1024);
  function* body() {
    yield Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    yield Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
    for (let left = size - 4; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return { payload: Readable.from(body()), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

/** A short test-pattern video with a tone, made by the same ffmpeg the server uses. */
export function makeVideo(dir: string, options: { width: number; height: number; seconds: number; format: 'mp4' | 'webm' }): string {
  const out = path.join(dir, `clip-${options.width}x${options.height}.${options.format}`);
  const codec =
    options.format === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac']
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus'];
  execFileSync(toolPath('ffmpeg'), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${options.width}x${options.height}:rate=25:duration=${options.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${options.seconds}`,
    ...codec,
    '-shortest',
    out,
  ]);
  return out;
}

/** Where the first segment with one of `markers` starts (a walk over the segment lengths, before any scan data). */
function segmentAt(jpeg: Buffer, markers: number[]): number {
  for (let at = 2; at + 4 <= jpeg.length; at += 2 + jpeg.readUInt16BE(at + 2)) {
    if (markers.includes(jpeg[at + 1] ?? 0)) return at;
  }
  throw new Error('No such JPEG segment');
}

/**
 * A hollow JPEG: a real 64×64 JPEG's tables with its frame header declaring `width`×`height`,
 * a few bytes of scan data and an EOI. Under 1 KB, it declares up to 100 megapixels.
 */
export async function hollowJpeg(width = 16_383, height = 6_100): Promise<Buffer> {
  const jpeg = Buffer.from(await scene(64, 64).jpeg().toBuffer());
  const frame = segmentAt(jpeg, [0xc0, 0xc2]);
  jpeg.writeUInt16BE(height, frame + 5);
  jpeg.writeUInt16BE(width, frame + 7);
  const scan = segmentAt(jpeg, [0xda]);
  const scanData = scan + 2 + jpeg.readUInt16BE(scan + 2);
  return Buffer.concat([jpeg.subarray(0, scanData + 16), Buffer.from([0xff, 0xd9])]);
}

/** A photo-like JPEG cut at `kept` of its length and closed with an EOI, as a cut-off download repaired by a tool. */
export async function cutJpeg(kept: number, options: { progressive?: boolean } = {}): Promise<Buffer> {
  const jpeg = await scene(1200, 900, 4).jpeg(options).toBuffer();
  return Buffer.concat([jpeg.subarray(0, Math.floor(jpeg.length * kept)), Buffer.from([0xff, 0xd9])]);
}
