import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { AppError } from '../errors.ts';
import { IMAGE_TYPES, VIDEO_TYPES, type MediaKind, type SourceType } from './limits.ts';

export type Sniffed = { kind: MediaKind; type: SourceType; size: number };

const NOT_SUPPORTED = 'This type of file is not supported. Upload a JPEG, PNG, WebP or GIF image, or an MP4, MOV or WebM video.';

/**
 * Decides what a file is from its bytes (magic numbers), never from its name or the client's
 * Content-Type. SVG, HTML and every other type are refused; an image carrying markup or a ZIP
 * archive inside it (a polyglot) is refused too.
 */
export async function sniffFile(file: string): Promise<Sniffed> {
  const { size } = await fsp.stat(file);
  if (size === 0) throw new AppError('bad_request', 'The file is empty.');
  const detected = await fileTypeFromFile(file);
  const type = IMAGE_TYPES.find((t) => t === detected?.mime) ?? VIDEO_TYPES.find((t) => t === detected?.mime);
  if (!type) throw new AppError('unsupported_media_type', NOT_SUPPORTED);
  const kind: MediaKind = type.startsWith('image/') ? 'image' : 'video';
  // Videos are always transcoded and never sent back as uploaded; images get the extra check.
  if (kind === 'image' && (await holdsActiveContent(file, size))) {
    throw new AppError('unsupported_media_type', 'This image also holds web page, script or archive content, so it cannot be used.');
  }
  return { kind, type, size };
}

/** The sharp format name of each image type, to check the decoder agrees with the sniffer. */
export function decoderFormat(type: SourceType): string {
  return type.slice(type.indexOf('/') + 1);
}

/**
 * Tags a browser would run as a page or script, anywhere in the file. Each pattern is long enough
 * that compressed image data matches it by chance about once in 10^10 bytes.
 */
const ACTIVE_MARKUP = /<(?:script|html|body|iframe|object|embed|svg)[\s>/]|<!doctype\s+html|<\?php/i;
const CHUNK = 1024 * 1024;
const OVERLAP = 32;

export async function holdsActiveContent(file: string, size: number): Promise<boolean> {
  const handle = await fsp.open(file, 'r');
  try {
    if (await endsWithZipDirectory(handle, size)) return true;
    // Sized to the file when it is smaller than a chunk: most pictures are a few hundred kilobytes.
    const chunk = Math.min(CHUNK, size);
    const buffer = Buffer.allocUnsafe(chunk + OVERLAP);
    let carried = 0;
    for (let position = 0; position < size;) {
      const { bytesRead } = await handle.read(buffer, carried, chunk, position);
      if (bytesRead === 0) break;
      // Case-insensitive: in latin1 only ASCII letters fold to ASCII letters, as toLowerCase would.
      const text = buffer.toString('latin1', 0, carried + bytesRead);
      if (ACTIVE_MARKUP.test(text)) return true;
      position += bytesRead;
      // The tail of this chunk is kept, so a tag cut in two by the chunk boundary is still seen.
      const total = carried + bytesRead;
      carried = Math.min(OVERLAP, total);
      buffer.copy(buffer, 0, total - carried, total);
    }
    return false;
  } finally {
    await handle.close();
  }
}

const EOCD = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const EOCD_LENGTH = 22;

/** A ZIP reader starts at the end-of-central-directory record, whose comment runs to the last byte. */
async function endsWithZipDirectory(handle: fsp.FileHandle, size: number): Promise<boolean> {
  const tailLength = Math.min(size, EOCD_LENGTH + 0xffff);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  for (let at = tail.lastIndexOf(EOCD); at >= 0; at = at > 0 ? tail.lastIndexOf(EOCD, at - 1) : -1) {
    if (at + EOCD_LENGTH <= tailLength && at + EOCD_LENGTH + tail.readUInt16LE(at + 20) === tailLength) return true;
  }
  return false;
}
