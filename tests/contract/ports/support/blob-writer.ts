/**
 * Run by the blob contract test as a separate process that it kills with SIGKILL: stores random
 * blobs named after their SHA-256 into a disk store, one after another, printing each key.
 * Argument: the store's folder.
 */
import { createDiskBlobStore } from '../../../../src/server/ports/blob/disk.ts';
import { randomStream } from './streams.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: blob-writer.ts <dir>');
const store = createDiskBlobStore(dir);

for (;;) {
  const { stream, sha256 } = randomStream((1 + Math.floor(Math.random() * 3)) * 1024 * 1024);
  const key = `crash/${sha256.slice(0, 2)}/${sha256}`;
  await store.put(key, stream, 'application/x-test');
  process.stdout.write(`${key}\n`);
}
