import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { syncDir, writeTempFile, type TempFile } from '../durable-file.ts';
import { assertBlobKey, assertBlobPrefix } from './blob-key.ts';
import type { BlobEntry, BlobInfo, BlobStore } from './blob-store.ts';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under one folder. A content type the key's extension does not imply lives in a
 * sidecar `.<name>.type` beside the file (keys never start with a dot, so the names cannot
 * collide). The sidecar is renamed into place just before the file: a crash between the two
 * renames leaves an orphan sidecar, never a new file without its type.
 */
export function createDiskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, key);
  };
  const sidecarOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

  /**
   * Every file (and sidecar) is written and fsynced under a temporary name first, all side by
   * side; then each sidecar and file is renamed into place, and each folder fsynced once.
   */
  async function putAll(entries: readonly BlobEntry[]): Promise<BlobInfo[]> {
    const files = entries.map((entry) => ({ ...entry, file: fileOf(entry.key) }));
    const written = await settleAll(
      files.map(async (entry) => {
        const dir = path.dirname(entry.file);
        const data = await writeTempFile(dir, entry.body);
        const implied = impliedType(entry.file) === entry.contentType;
        const type = implied ? null : await writeTempFile(dir, Buffer.from(entry.contentType, 'utf8')).catch(discardAndThrow(data));
        return { entry, data, type };
      }),
      ({ data, type }) => Promise.all([data.discard(), type?.discard()]),
    );
    // Each entry's renames are ordered; the entries themselves are independent, so they run together.
    const placed = await Promise.allSettled(
      written.map(async ({ entry, data, type }) => {
        // The sidecar goes first: a crash between the renames leaves an orphan sidecar, never a file without its type.
        if (type) await fsp.rename(type.path, sidecarOf(entry.file));
        else await fsp.unlink(sidecarOf(entry.file)).catch(ignoreAbsent);
        await fsp.rename(data.path, entry.file);
      }),
    );
    const failed = placed.find((result) => result.status === 'rejected');
    if (failed) {
      await Promise.all(written.map(({ data, type }) => Promise.all([data.discard(), type?.discard()])));
      throw failed.reason;
    }
    for (const dir of new Set(files.map((entry) => path.dirname(entry.file)))) await syncDir(dir);
    return written.map(({ entry, data }) => ({ size: data.size, contentType: entry.contentType }));
  }

  return {
    async put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo> {
      const [info] = await putAll([{ key, body, contentType }]);
      if (!info) throw new Error('putAll answered nothing for one entry');
      return info;
    },

    putAll,

    async get(key: string) {
      const file = fileOf(key);
      // Open before reading the size, so a concurrent delete cannot split the answer.
      const opened = await openIfFile(file);
      if (!opened) return null;
      try {
        const info = { size: opened.size, contentType: await readContentType(file, sidecarOf(file)) };
        return { info, body: opened.handle.createReadStream() };
      } catch (error) {
        await opened.handle.close();
        throw error;
      }
    },

    async head(key: string) {
      const file = fileOf(key);
      const stat = await fsp.stat(file).catch(ignoreAbsent);
      if (!stat?.isFile()) return null;
      return { size: stat.size, contentType: await readContentType(file, sidecarOf(file)) };
    },

    async delete(key: string) {
      const file = fileOf(key);
      await fsp.unlink(file).catch(ignoreAbsent);
      await fsp.unlink(sidecarOf(file)).catch(ignoreAbsent);
      await syncDir(path.dirname(file)).catch(ignoreAbsent);
    },

    async deletePrefix(prefix: string) {
      assertBlobPrefix(prefix);
      const folder = path.join(root, prefix);
      await fsp.rm(folder, { recursive: true, force: true });
      await syncDir(path.dirname(folder)).catch(ignoreAbsent);
    },

    async ping() {
      await fsp.mkdir(root, { recursive: true });
      await fsp.access(root, fsp.constants.W_OK);
    },

    async close() {
      // Nothing held open: every read stream owns and closes its own descriptor.
    },
  };
}

/** Opens the file for reading; null when absent or when the key names a folder. */
async function openIfFile(file: string): Promise<{ handle: fsp.FileHandle; size: number } | null> {
  const handle = await fsp.open(file, 'r').catch(ignoreAbsent);
  if (!handle) return null;
  const stat = await handle.stat();
  if (stat.isFile()) return { handle, size: stat.size };
  await handle.close();
  return null;
}

/**
 * The media pipeline's files say what they are by their extension; only other types need a
 * sidecar, which keeps one fsync per stored picture size instead of two.
 */
const IMPLIED_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
};

function impliedType(file: string): string | undefined {
  return IMPLIED_TYPES[path.extname(file)];
}

async function readContentType(file: string, sidecar: string): Promise<string> {
  const text = await fsp.readFile(sidecar, 'utf8').catch(ignoreAbsent);
  return text ?? impliedType(file) ?? DEFAULT_CONTENT_TYPE;
}

/** Awaits every task; when one fails, undoes the ones that succeeded and throws the first failure. */
async function settleAll<T>(tasks: Promise<T>[], undo: (done: T) => Promise<unknown>): Promise<T[]> {
  const settled = await Promise.allSettled(tasks);
  const failed = settled.find((result) => result.status === 'rejected');
  if (!failed) return settled.map((result) => (result as PromiseFulfilledResult<T>).value);
  await Promise.all(settled.flatMap((result) => (result.status === 'fulfilled' ? [undo(result.value)] : [])));
  throw failed.reason;
}

function discardAndThrow(temp: TempFile): (error: unknown) => Promise<never> {
  return async (error) => {
    await temp.discard();
    throw error;
  };
}

/** ENOENT and ENOTDIR (a key below another key's file) both mean the blob is not there. */
function ignoreAbsent(error: unknown): undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw error;
}
