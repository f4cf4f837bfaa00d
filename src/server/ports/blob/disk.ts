import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { syncDir, writeTempFile } from '../durable-file.ts';
import { assertBlobKey, assertBlobPrefix } from './blob-key.ts';
import type { BlobInfo, BlobStore } from './blob-store.ts';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Blobs as files under one folder. The content type lives in a sidecar `.<name>.type` beside the
 * file (keys never start with a dot, so the names cannot collide). The sidecar is renamed into
 * place just before the file: a crash between the two renames leaves an orphan sidecar, never a
 * new file without its type.
 */
export function createDiskBlobStore(dir: string): BlobStore {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, key);
  };
  const sidecarOf = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.type`);

  return {
    async put(key: string, body: Buffer | Readable, contentType: string): Promise<BlobInfo> {
      const file = fileOf(key);
      const dir = path.dirname(file);
      // Both files are complete on disk before either is renamed into place.
      const data = await writeTempFile(dir, body);
      try {
        const type = await writeTempFile(dir, Buffer.from(contentType, 'utf8'));
        await fsp.rename(type.path, sidecarOf(file)).catch(async (error: unknown) => {
          await type.discard();
          throw error;
        });
        await fsp.rename(data.path, file);
      } catch (error) {
        await data.discard();
        throw error;
      }
      await syncDir(dir);
      return { size: data.size, contentType };
    },

    async get(key: string) {
      const file = fileOf(key);
      // Open before reading the size, so a concurrent delete cannot split the answer.
      const opened = await openIfFile(file);
      if (!opened) return null;
      try {
        const info = { size: opened.size, contentType: await readContentType(sidecarOf(file)) };
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
      return { size: stat.size, contentType: await readContentType(sidecarOf(file)) };
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

async function readContentType(sidecar: string): Promise<string> {
  const text = await fsp.readFile(sidecar, 'utf8').catch(ignoreAbsent);
  return text ?? DEFAULT_CONTENT_TYPE;
}

/** ENOENT and ENOTDIR (a key below another key's file) both mean the blob is not there. */
function ignoreAbsent(error: unknown): undefined {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
  throw error;
}
