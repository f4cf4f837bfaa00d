import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Names starting with this are unfinished writes; readers of a folder skip them. */
export const TEMP_PREFIX = '.tmp-';

export type TempFile = { path: string; size: number; discard(): Promise<void> };

/**
 * Writes the bytes under a temporary name in `dir` (dot-prefixed so readers skip it) and fsyncs
 * them, ready to be renamed into place. A failing source leaves nothing behind.
 */
export async function writeTempFile(dir: string, body: Buffer | Readable): Promise<TempFile> {
  await makeDirDurably(dir);
  const tempPath = path.join(dir, `${TEMP_PREFIX}${randomBytes(12).toString('hex')}`);
  const discard = () => fsp.rm(tempPath, { force: true });
  try {
    // flush: the descriptor is fsynced before it closes, so a rename never exposes unwritten bytes.
    if (Buffer.isBuffer(body)) {
      await fsp.writeFile(tempPath, body, { flag: 'wx', flush: true });
      return { path: tempPath, size: body.length, discard };
    }
    const out = fs.createWriteStream(tempPath, { flags: 'wx', flush: true });
    await pipeline(body, out);
    return { path: tempPath, size: out.bytesWritten, discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/**
 * Writes a file whose final name only ever shows complete content, even after kill -9 or a power
 * cut: a fsynced temporary file is renamed over the final name, and the folder is fsynced so the
 * rename itself is durable. Resolves with the size.
 */
export async function writeFileDurably(finalPath: string, body: Buffer | Readable): Promise<number> {
  const dir = path.dirname(finalPath);
  const temp = await writeTempFile(dir, body);
  try {
    await fsp.rename(temp.path, finalPath);
  } catch (error) {
    await temp.discard();
    throw error;
  }
  await syncDir(dir);
  return temp.size;
}

/** mkdir -p, then fsync the parent of every folder it created so the new entries survive a crash. */
async function makeDirDurably(dir: string): Promise<void> {
  const first = await fsp.mkdir(dir, { recursive: true });
  if (first === undefined) return;
  for (let created = dir; ; created = path.dirname(created)) {
    await syncDir(path.dirname(created));
    if (created === first || created === path.dirname(created)) return;
  }
}

export async function syncDir(dir: string): Promise<void> {
  // Windows cannot open a folder for fsync; NTFS journals the rename itself.
  if (process.platform === 'win32') return;
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
