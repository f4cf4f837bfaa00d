import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { OutboundError } from './outbound-error.ts';

/**
 * The body of a response as the caller reads it: decompressed, and cut off with `too_large` the
 * moment it passes `maxBytes` (counted after decompression, so a small gzip bomb cannot grow into
 * a large body). A source that fails (reset, cut short, corrupt compression) fails the body with
 * `onSourceError`'s error; closing the body early closes the connection.
 */
export function boundedBody(response: IncomingMessage, maxBytes: number, tooLarge: () => OutboundError, onSourceError: () => OutboundError): Readable {
  let decoder: Transform | null;
  try {
    decoder = decoderFor(response.headers['content-encoding']);
  } catch (error) {
    response.destroy();
    throw error;
  }
  let seen = 0;
  const body = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  const fail = () => {
    if (!body.destroyed) body.destroy(onSourceError());
  };
  response.on('error', fail);
  response.on('close', () => {
    if (!response.complete) fail();
  });
  decoder?.on('error', fail);
  body.on('close', () => {
    decoder?.destroy();
    response.destroy();
  });
  (decoder ? response.pipe(decoder) : response).pipe(body);
  return body;
}

/** Decoders of the encodings we ask for; any other encoding is refused rather than misread. */
function decoderFor(encoding: string | undefined): Transform | null {
  const name = (encoding ?? 'identity').trim().toLowerCase();
  if (name === 'identity' || name === '') return null;
  if (name === 'gzip' || name === 'x-gzip') return zlib.createGunzip();
  if (name === 'deflate') return zlib.createInflate();
  if (name === 'br') return zlib.createBrotliDecompress();
  throw new OutboundError('content_type', `The site answered in an encoding we cannot read (${name.slice(0, 40)}).`);
}

/** Reads a whole (bounded) body into memory. */
export async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Text of an HTML page: the charset of the Content-Type header, else of a `<meta charset>` in the
 * first 1024 bytes (the HTML standard's prescan window), else UTF-8; unknown labels read as UTF-8.
 */
export function decodeHtml(bytes: Buffer, contentType: string): string {
  const label = charsetOf(contentType) ?? metaCharset(bytes) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

function charsetOf(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([\w.:-]{1,40})/i.exec(contentType);
  return match?.[1] ?? null;
}

function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 1024).toString('latin1');
  const match = /<meta[^>]*?charset\s*=\s*["']?([\w.:-]{1,40})/i.exec(head);
  return match?.[1] ?? null;
}
