import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

/** `size` random bytes as a stream of 64 KiB chunks, with their SHA-256. */
export function randomStream(size: number): { stream: Readable; sha256: string } {
  const data = randomBytes(size);
  const chunks = Array.from({ length: Math.ceil(size / CHUNK) }, (_, i) => data.subarray(i * CHUNK, (i + 1) * CHUNK));
  return { stream: Readable.from(chunks), sha256: sha256(data) };
}

/** A source that sends `bytesBeforeFailure` bytes and then fails, as a dropped upload does. */
export function failingStream(bytesBeforeFailure: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= bytesBeforeFailure) {
        this.destroy(new Error('The client went away'));
        return;
      }
      const chunk = randomBytes(Math.min(CHUNK, bytesBeforeFailure - sent));
      sent += chunk.length;
      this.push(chunk);
    },
  });
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
